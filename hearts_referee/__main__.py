"""``python -m hearts_referee``: the ``hearts-referee`` command (:data:`hearts_referee.cli.main`)."""

from hearts_referee.cli import main

main()
