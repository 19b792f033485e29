"""Where the suite keeps what it may reuse between runs: outside the checkout, one folder a
checkout in the system temporary folder, never an archive or a key.

- ``mypy``: mypy's cache (a cold run takes ~12 s, a warm one ~1 s);
- ``hypothesis``: hypothesis's storage (its Unicode tables, 1.1 million code points walked
  when they are missing, and the constants it finds in our modules; no example database);
- ``pycache``: bytecode, when ``PYTHONDONTWRITEBYTECODE`` keeps it from beside the sources
  (``conftest.py``): else every process the suite starts compiles every module it imports.

Stdlib only: ``conftest.py`` reads it before anything else is imported.
"""

from __future__ import annotations

import hashlib
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CACHES = Path(tempfile.gettempdir()) / f"hearts-referee-{hashlib.sha256(bytes(ROOT)).hexdigest()[:12]}"
