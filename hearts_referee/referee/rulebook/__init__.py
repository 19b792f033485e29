"""The variants the referee knows, one module each: their clauses and their definition."""

from . import long_john, mso_2000, omnibus_kitty, standard

BUILT_IN = (standard.VARIANT, mso_2000.VARIANT, long_john.VARIANT, omnibus_kitty.VARIANT)
