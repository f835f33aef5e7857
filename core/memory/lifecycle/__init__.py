"""Memory lifecycle: contradictions, duplicates, consolidation and decay.

Pure functions over :class:`~hmdesk.core.memory.record.MemoryRecord` lists (store order) that
return plans or groups, and one apply step through the store (:mod:`.apply`). Two profiles:

* ``hmharness`` (:mod:`~hmdesk.core.memory.hmharness.rules`): hmharness's ``detectContradictions()`` and
  ``consolidate()`` exactly;
* ``default`` (:mod:`.grouping`): subjects from segmented terms (Chinese without spaces, mixed
  text, code), near-duplicates by token-set similarity, groups with a kind, a proposed action and
  a fingerprint (for the Review area).

Long work takes ``progress(done, total)`` and ``cancel()`` callables (no Qt here).
"""
