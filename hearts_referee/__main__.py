"""``python -m hearts_referee``: the ``hearts-referee`` command (``cli.main``)."""

from cli import main

main()
