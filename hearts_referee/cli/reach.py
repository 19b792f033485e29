"""Where ``hearts-referee serve`` listens, and who can reach it there.

Before gunicorn starts, :func:`refusal` tries the address the way gunicorn will bind it
(``SO_REUSEADDR``), so a port already taken (a second ``make serve``) is said in one plain
sentence at once, not as gunicorn's JSON lines after five seconds of retries.
:func:`addresses` names the URLs a phone on the same network can open: the machine's own
network addresses when the service listens on all of them (``--host 0.0.0.0``), and none
when it listens on this computer alone (the default, ``127.0.0.1``).

Only the standard library: the other commands never load gunicorn (``cli.serve``); the
machine's addresses are ``http_shared.network``'s, which the pages' pairing reads too.
"""

from __future__ import annotations

import errno
import socket

from hearts_referee.http_shared.network import ALL_INTERFACES, is_loopback, own_addresses

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 5000


def bind(host: str, port: int) -> str:
    """gunicorn's ``bind`` for ``host`` and ``port`` (an IPv6 address in brackets)."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def split_bind(address: str) -> tuple[str, int] | None:
    """``HOST:PORT`` (or ``[V6]:PORT``) as its host and port; None when it is not one (a
    ``unix:`` socket, a port that is not a number): those are left to gunicorn."""
    host, sep, port = address.rpartition(":")
    if not sep or not port.isdigit() or host.startswith("unix"):
        return None
    return host.strip("[]"), int(port)


def refusal(host: str, port: int) -> str | None:
    """Why ``serve`` cannot listen on ``host:port``, in one plain sentence; None if it can."""
    try:
        infos = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror:
        return f"Cannot serve on {host}: no such address on this computer (--host)."
    family, kind, proto, _, sockaddr = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as gunicorn binds
        try:
            probe.bind(sockaddr)
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                return (
                    f"Port {port} on {host} is already in use, perhaps by another Hearts Referee: "
                    f"stop that one, or serve on another port (--port, or make serve PORT=...)."
                )
            if error.errno == errno.EADDRNOTAVAIL:
                return f"Cannot serve on {host}: it is not an address of this computer (--host)."
            if error.errno == errno.EACCES:
                return f"Port {port} needs administrator rights here: choose one above 1023 (--port)."
            return f"Cannot serve on {host} port {port}: {error.strerror}."
    return None


def addresses(host: str, port: int) -> list[str]:
    """The URLs of the director's pages that a phone on the same network can open."""
    if host in ALL_INTERFACES:
        return [f"http://{bind(address, port)}/director/" for address in own_addresses()]
    if is_loopback(host):
        return []
    return [f"http://{bind(host, port)}/director/"]


def reach_lines(host: str, port: int) -> list[str]:
    """What ``serve`` prints for the director: where a phone at the table reaches the pages."""
    urls = addresses(host, port)
    if urls:
        return ["A phone on the same network opens the director's pages at:", *(f"  {url}" for url in urls)]
    if host in ALL_INTERFACES:
        return ["This computer has no network address a phone could use (is it on a network?)."]
    return [
        f"Only this computer can open it. For a phone on the same network, serve on every address: "
        f"hearts-referee serve --host 0.0.0.0 --port {port} (or make serve HOST=0.0.0.0 PORT={port})."
    ]
