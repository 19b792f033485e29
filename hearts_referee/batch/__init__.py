"""Audits in bulk: many records in, one result line each out, and a summary.

- ``lines``: one record's audit and result line (every bulk face calls it);
- ``inputs``: records from NDJSON, JSON arrays, ``.gz`` files, folders, stdin;
- ``run``: where they are audited (this process, a process pool, Dask);
- ``summary``: the counts, the per-hand CSV and the exit status;
- ``archive``: the re-audit of the archive as result lines and a summary (the use
  case itself is ``service.reaudit``).

The faces use it: the ``audit`` command (``cli/audit.py``) and ``POST
/v1/audits`` (``api/audits.py``). It sits with the faces, over the JSON
codecs and the one-call audit (``audit.py``).
"""
