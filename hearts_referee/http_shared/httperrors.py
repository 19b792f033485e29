"""What an HTTP error Werkzeug raises says to a person, in our words, on either face.

A route that does not exist, a method a route does not take, a body past the size limit:
Werkzeug raises these with its own English description, which has no catalog. Each face
(the API's problem+json, the pages' error page) shows :func:`description` instead: ours as
it was raised, or, for Werkzeug's own, the same English words written to be translated
(:data:`WERKZEUG_SAYS`). Apart from :mod:`http_shared.problems`, which a bulk audit's lines
use with no web framework installed.
"""

from __future__ import annotations

from werkzeug.exceptions import HTTPException

from hearts_referee.referee.translator import SAID, Said

WERKZEUG_SAYS: dict[int, Said] = {
    400: SAID.gettext("The browser (or proxy) sent a request that this server could not understand."),
    401: SAID.gettext(
        "The server could not verify that you are authorized to access the URL requested. You either "
        "supplied the wrong credentials (e.g. a bad password), or your browser doesn't understand how "
        "to supply the credentials required."
    ),
    403: SAID.gettext(
        "You don't have the permission to access the requested resource. It is either read-protected "
        "or not readable by the server."
    ),
    404: SAID.gettext(
        "The requested URL was not found on the server. If you entered the URL manually please check "
        "your spelling and try again."
    ),
    405: SAID.gettext("The method is not allowed for the requested URL."),
    406: SAID.gettext(
        "The resource identified by the request is only capable of generating response entities which "
        "have content characteristics not acceptable according to the accept headers sent in the request."
    ),
    408: SAID.gettext(
        "The server closed the network connection because the browser didn't finish the request within "
        "the specified time."
    ),
    409: SAID.gettext(
        "A conflict happened while processing the request. The resource might have been modified while "
        "the request was being processed."
    ),
    410: SAID.gettext(
        "The requested URL is no longer available on this server and there is no forwarding address. If "
        "you followed a link from a foreign page, please contact the author of this page."
    ),
    412: SAID.gettext("The precondition on the request for the URL failed positive evaluation."),
    413: SAID.gettext("The data value transmitted exceeds the capacity limit."),
    415: SAID.gettext("The server does not support the media type transmitted in the request."),
    422: SAID.gettext("The request was well-formed but was unable to be followed due to semantic errors."),
    428: SAID.gettext(
        'This request is required to be conditional; try using "If-Match" or "If-Unmodified-Since".'
    ),
    429: SAID.gettext("This user has exceeded an allotted request count. Try again later."),
    501: SAID.gettext("The server does not support the action requested by the browser."),
    503: SAID.gettext(
        "The server is temporarily unable to service your request due to maintenance downtime or "
        "capacity problems. Please try again later."
    ),
}
"""Our own ``detail`` for an HTTP error Werkzeug raises with its own description (a route
that does not exist, a method a route does not take, a body past the size limit): the same
English words, written to be translated, where Werkzeug's own have no catalog."""


def description(error: HTTPException) -> str:
    """What ``error`` says, for a person: ours, as it was raised; Werkzeug's own description
    (the class's, none given) as our own words for its status (:data:`WERKZEUG_SAYS`), which
    the faces write in the reader's language; ``""`` when it says nothing."""
    if "description" not in vars(error):
        return WERKZEUG_SAYS.get(error.code or 500) or error.description or ""
    return error.description or ""
