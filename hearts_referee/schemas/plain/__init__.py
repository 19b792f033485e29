"""The codecs' writers that mypyc compiles with the rules core (``hearts_referee.compiled``).

A result's tricks are most of what an answer holds: some 65 small objects a hand. Written
by interpreted Python from the audit's compiled values, they cost nearly what the compiled
replay of the hand costs. The modules here take plain values and return JSON-ready data,
importing no schema library (an import-linter contract holds them to it), so that they
compile; each is one encoder of its field for every face, as ``schemas.result`` says.
"""
