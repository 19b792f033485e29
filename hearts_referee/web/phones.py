"""Pairing a phone by scanning (issue 44): the director's "Phones" page and the link's page.

A signed-in director opens **Phones** on the laptop and chooses *Add a phone*: the answer
shows a QR code (SVG, drawn by segno) of a one-time link, good for a few minutes
(``usecases.pairings.LINK_LIFETIME``). The phone's camera opens it; one tap signs the phone
in with the director's key, which never leaves the laptop: the link carries a random token
the archive knows by its hash. The link's page asks for that tap (a POST) rather than
signing in on the GET, so a link previewer that fetches the page does not use it up. The
token travels in the query string, which the request log does not write (it logs the
path). Pairings are listed there and each can be ended, which signs its phone out.

Registered on the pages' blueprint (``web.pages.bp``); who may pair is
``usecases.access`` (``Permission.PAIR``), as everywhere.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlsplit

import segno
from flask import flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from markupsafe import Markup

from hearts_referee.http_shared.db import get_db
from hearts_referee.http_shared.language import gettext
from hearts_referee.http_shared.network import ALL_INTERFACES, is_loopback, own_addresses
from hearts_referee.referee.translator import N_, SAID
from hearts_referee.schemas.bounds import NAME_MAX_LENGTH
from hearts_referee.schemas.text import TextError, clean
from hearts_referee.usecases import Pairing, PairingState
from hearts_referee.usecases import pairings as use
from hearts_referee.usecases.access import Permission, may

from .pages import begin_session, bp, browser_session, need

DEFAULT_NAME = N_("A phone")

STATES = {
    PairingState.WAITING: N_("waiting for its scan (until %(time)s)"),
    PairingState.EXPIRED: N_("its link expired unused"),
    PairingState.SIGNED_IN: N_("signed in at %(time)s"),
    PairingState.ENDED: N_("ended at %(time)s"),
}
"""Each state as the list says it, with the time it holds until or began (in English: the page
shows it translated)."""

SIGNED_OUT = N_("signed in at %(time)s, signed out at %(out)s")
"""A signed-in pairing whose phone has signed out since."""


def _now(pairing: Pairing, state: PairingState) -> str:
    """What a pairing is now, as the list says it, in the page's language."""
    if state is PairingState.SIGNED_IN and pairing.phone_signed_out_at:
        return gettext(SIGNED_OUT, time=_hhmm(pairing.used_at), out=_hhmm(pairing.phone_signed_out_at))
    since = {
        PairingState.WAITING: pairing.expires_at,
        PairingState.SIGNED_IN: pairing.used_at,
        PairingState.ENDED: pairing.ended_at,
    }.get(state)
    return gettext(STATES[state], time=_hhmm(since))


LINK_GONE = N_(
    "This link no longer works: it has been used, it is more than a few minutes old, or the "
    "director ended it. Ask the director to show a new code (Phones, Add a phone)."
)


def _reach() -> tuple[str, str | None]:
    """The address the phone opens the link at, and why a phone may not reach it (or None).

    The laptop's browser may have come in through ``127.0.0.1``, which on a phone means the
    phone: when the service listens on every address, the link names this machine's network
    address instead. When it listens on this computer alone, no address would do, and the
    page says how to serve for a phone (``make serve HOST=0.0.0.0``)."""
    parts = urlsplit(request.host_url)
    host = parts.hostname or ""
    listening = str(request.environ.get("SERVER_NAME", ""))
    if not is_loopback(host):
        return request.host_url, None
    if is_loopback(listening):
        return request.host_url, SAID.gettext(
            "This service listens on this computer alone, so a phone cannot open the link. "
            "Stop it and serve it for the network: %(make)s (or %(serve)s), then open this page again.",
            make="make serve HOST=0.0.0.0",
            serve="hearts-referee serve --host 0.0.0.0",
        )
    found = own_addresses() if listening in ALL_INTERFACES else []
    if not found:
        return request.host_url, SAID.gettext("This computer has no network address a phone could use.")
    port = f":{parts.port}" if parts.port else ""
    return f"{parts.scheme}://{found[0]}{port}/", None


def _hhmm(stored: str | None) -> str:
    """A stored time as the page shows it: ``21:13 UTC``."""
    return "" if stored is None else f"{datetime.fromisoformat(stored):%H:%M} UTC"


def qr_svg(link: str) -> Markup:
    """The QR code of ``link`` as inline SVG (segno: black on white, for any camera)."""
    code = segno.make(link, error="m")
    return Markup(
        code.svg_inline(
            scale=5,
            dark="#000",
            light="#fff",
            svgclass="qr",
            title=gettext("QR code of the link"),
            omitsize=True,
        )
    )


def _phones_page(
    made: Pairing | None = None, link: str | None = None, status: int = 200
) -> ResponseReturnValue:
    key = need(Permission.PAIR)
    now = datetime.now(UTC)
    rows = [(pairing, pairing.state(now)) for pairing in use.list_pairings(get_db(), key)]
    _, unreachable = _reach()
    return (
        render_template(
            "director/phones.html",
            rows=rows,
            made=made,
            link=link,
            qr=qr_svg(link) if link else None,
            unreachable=unreachable,
            minutes=int(use.LINK_LIFETIME.total_seconds() // 60),
            now_of=_now,
            PairingState=PairingState,
            hhmm=_hhmm,
        ),
        status,
    )


@bp.app_context_processor
def _pairing_helpers() -> dict[str, Any]:
    return {"may_pair": lambda key: key is not None and may(key, Permission.PAIR)}


@bp.get("/phones")
def phones() -> ResponseReturnValue:
    return _phones_page()


@bp.post("/phones")
def add_phone() -> ResponseReturnValue:
    key = need(Permission.PAIR)
    name = request.form.get("name", "").strip() or gettext(DEFAULT_NAME)
    try:
        name = clean(name, NAME_MAX_LENGTH)
    except TextError as error:
        flash(gettext("The phone's name is not acceptable: %(error)s", error=error))
        return redirect(url_for("pages.phones"), 303)
    pairing, token = use.pair_phone(get_db(), key, name, datetime.now(UTC))
    base, _ = _reach()
    link = base.rstrip("/") + url_for("pages.pair", t=token)
    return _phones_page(made=pairing, link=link)


@bp.post("/phones/<id:pairing_id>/end")
def end_phone(pairing_id: int) -> ResponseReturnValue:
    key = need(Permission.PAIR)
    pairing = use.end_pairing(get_db(), key, pairing_id, datetime.now(UTC))
    said = gettext(
        "%(name)s: pairing %(id)s ended; that phone is signed out.", name=pairing.name, id=pairing.id
    )
    flash(said)
    return redirect(url_for("pages.phones"), 303)


@bp.route("/pair", methods=["GET", "POST"])
def pair() -> ResponseReturnValue:
    """The link in the QR code: one tap signs this phone in (a POST, so a preview does not)."""
    token = request.values.get("t", "")
    if request.method == "POST" and token:
        signed = use.sign_in_by_link(get_db(), token, datetime.now(UTC), browser_session())
        if signed is not None:
            key, session_token = signed
            begin_session(key, session_token)
            return redirect(url_for("pages.inbox"), 303)
    if request.method == "POST" or not token:
        return render_template("director/pair.html", token="", error=gettext(LINK_GONE)), 410
    return render_template("director/pair.html", token=token, error=None)
