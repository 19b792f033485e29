"""Hearts Referee, by its distribution's name: ``python -m hearts_referee`` is the command line.

The service itself lives in its layers (``api``, ``web``, ``cli``, ``service``,
``archive``, ``referee``...); this package only gives the console script
``hearts-referee`` a module to run as, for environments where scripts are not
on ``PATH`` (``python -m hearts_referee serve``).
"""
