"""The codecs' writers that mypyc compiles with the rules core (``hearts_referee.compiled``).

A result's fields, its tricks most of all, are too costly to write in interpreted Python
(docs/performance.md, "Why the code is shaped so"). The modules here take plain values and
return JSON-ready data, importing no schema library (an import-linter contract holds them
to it), so that they compile; each writer is the one encoder of its field for every face,
and ``schemas.result`` declares the schemas from them.
"""
