"""Batch audits: many records in, one result line each out, and a summary.

- ``lines``: one record's audit and result line (every batch face calls it);
- ``inputs``: records from NDJSON, JSON arrays, ``.gz`` files, folders, stdin;
- ``run``: where they are audited (this process, a process pool, Dask);
- ``summary``: the counts, the per-hand CSV and the exit status;
- ``recheck``: the archive re-checked (every stored hand re-audited) as result lines
  and a summary (the use case itself is ``usecases.recheck``).

The faces use it: the ``audit`` command (``cli/batch.py``; with ``--archive``,
``cli/recheck.py``) and ``POST /v1/audits`` (``api/batch.py``). It sits with the faces, over the JSON
codecs and the one-call audit (``validate.py``).
"""
