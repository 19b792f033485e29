"""This machine on its networks: the addresses a phone on the same network can reach it at.

``serve`` prints them (``cli.reach``) and the director's "Add a phone" page puts one in its
QR code when the laptop's own browser came in through ``127.0.0.1``, an address that on a
phone means the phone. Only the standard library.
"""

from __future__ import annotations

import ipaddress
import socket

ALL_INTERFACES = frozenset({"0.0.0.0", "::", ""})
"""Hosts a server listens on to mean "every address of this machine"."""


def is_loopback(host: str) -> bool:
    """Whether ``host`` names this computer alone (``127.0.0.1``, ``::1``, ``localhost``)."""
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return host.lower() == "localhost"


def own_addresses() -> list[str]:
    """This machine's IPv4 addresses on its networks (not loopback), the route out first."""
    found: list[str] = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # a UDP connect sends nothing: it picks the route out
            found.append(str(probe.getsockname()[0]))
        except OSError:
            pass
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    found.extend(str(info[4][0]) for info in infos)
    own: list[str] = []
    for address in found:
        if address not in own and not is_loopback(address):
            own.append(address)
    return own
