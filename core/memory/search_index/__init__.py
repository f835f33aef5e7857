"""The persistent search index: what lets a new process answer its first query at once.

The index lives in the database beside the memories (Alembic revision 0004):

* ``search_snapshot`` — every array of an in-memory
  :class:`~hmdesk.core.memory.retrieve.index.MemoryIndex` (term postings included) for the live
  memories as of one ``tick``, stored raw and checked by CRC-32 (:mod:`~.snapshot`). Loading it
  is a few copies: no memory is read, no haystack split;
* ``search_dirty(id, seq)`` — the memories changed since. SQL triggers on ``memories`` fill it
  in the writing transaction, whoever writes (the store, an import, another process, any SQLite
  client), so the index (snapshot + pending rows) always describes the database exactly: a search
  masks the pending rows out of the snapshot and reads them whole into a small second segment
  (:func:`~.maintain.load_segments`).
* ``search_meta`` — the snapshot's header (and a flag while an import inserts in bulk).

When many rows are pending, a writer stores a new snapshot (:func:`~.maintain.refresh`, called
by :func:`~.maintain.ensure_current`); a missing, damaged or out-of-step snapshot is rebuilt, never
trusted. Searching the loaded segments is
:func:`hmdesk.core.memory.retrieve.index.search_segments`: the same code, so the same ids, scores
and explanations, as the in-memory index. How a file is searched (read-only, else the full way) is
:mod:`~.file_search`. Why an index is stored at all: docs/decisions/0001-stored-search-index.md.

The package itself exports nothing: its names are imported from :mod:`~.maintain` and
:mod:`~.schema`, so that a module of the package (the team store's server search) is imported
without the stored snapshot and numpy.
"""
