"""The codecs' writers that mypyc compiles with the rules core (``hearts_referee.compiled``).

A result's tricks are most of what an answer holds, too costly to write in interpreted
Python (docs/performance.md, "Why the code is shaped so"). The modules here take plain
values and return JSON-ready data, importing no schema library (an import-linter contract
holds them to it), so that they compile; each is one encoder of its field for every face, as
``schemas.result`` says.
"""
