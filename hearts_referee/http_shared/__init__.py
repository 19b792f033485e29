"""What both faces share: the request's archive handle, who is asking, strict JSON bodies,
and what each refusal means in HTTP terms.

The API (``api``) and the director's pages (``web``) are two faces of the
same use cases (``usecases``); neither imports the other. What they have in
common lives here, once: ``db`` (the archive connection of one request, the
Flask tutorial's ``get_db``), ``auth`` (API keys and sessions to a
``usecases.Key``), ``jsonbody`` (one strict JSON document per body) and
``problems`` (a refusal to a status, a detail and its located problems).
"""
