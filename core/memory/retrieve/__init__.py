"""Retrieval: profiles, explanations and the in-memory index.

Every profile (:mod:`~hmdesk.core.memory.retrieve.profile`: a :class:`Profile` object, passed in
:class:`Query`) shares one formula, hmharness's own (its ``retrieve()`` in ``memory.js``), with
the weights of the one table :data:`WEIGHTS`:

    score = confidence*0.4 + recency*0.2 + lexical*0.4      (float64, in that order)
    recency = max(0, 1 - ageDays/90), ageDays = (now_ms - timestamp_ms) / 86_400_000
    lexical = (query terms found as substrings of lower(content + ' ' + ' '.join(tags))) / #terms
              (hmharness; the default profile weighs each term by its rarity, see below)

* ``hmharness`` reproduces hmharness's ``CognitiveMemory.retrieve()`` exactly: pool without
  superseded entries (any ``supersededBy``, the decay sentinel included), hard filters (layer exact,
  environment exact and case-sensitive, tags any-of exact), hmharness's term splitting
  (:func:`hmdesk.core.memory.terms.hmharness_terms`), entries with no hit dropped when there is a
  term, stable sort by score (ties keep insertion order), ``limit`` (default 10, 0 = nothing).
* ``default`` keeps all of that but takes its terms from
  :func:`hmdesk.core.memory.terms.default_term_groups`: Chinese segmentation, mixed tokens kept
  sensible, light English stemming, stop words and duplicates dropped, and a small bilingual
  glossary whose forms count as the same term (``构建`` also matches ``build``; a term matches when
  any of its forms is found: a plain English word at word boundaries, anything else as a
  substring, see :func:`hmdesk.core.memory.terms.form_matcher`). Its lexical value weighs each term
  by BM25's IDF over the live memories: matched weights / all the query's weights
  (:class:`~hmdesk.core.memory.retrieve.scoring.TermWeights`;
  docs/decisions/0025-weighted-lexical.md).

Where we differ from hmharness, on purpose:

* **Unparseable timestamp** (see :mod:`hmdesk.core.memory.jsdate`): hmharness computes NaN, which
  makes the score NaN and the sort order unpredictable. We count its recency as 0 and say so in
  ``QueryResult.note``.
* ``include_superseded`` (an inspector extension; hmharness never does it) keeps superseded entries.
* Deleted memories (hmdesk's soft delete) are never in the pool.

:class:`MemoryIndex` is an immutable index over a list of records: the distinct whitespace-free
chunks of the lowercased haystacks with their postings, a character-bigram index over those chunks,
and numpy arrays of confidence, timestamp and order. A term never contains whitespace, so the
records containing it are the union of the postings of the chunks containing it: a query checks the
(small) chunk vocabulary through the bigram index with an exact substring test, then scores the
candidates with numpy in the same float64 order, so results equal :func:`retrieve_scan` (and, for
the ``hmharness`` profile, :func:`retrieve_hmharness_scan`) exactly. Spans and tag lists are
computed only for the returned results. The postings and the bigram index (about three quarters of
the build time) are built on first use, or by :meth:`MemoryIndex.warm`: a query without text needs
only the arrays. :class:`Retriever` keeps an index in step with a ``MemoryStore``.

The package's modules:

* :mod:`~hmdesk.core.memory.retrieve.profile` — :class:`Profile`, :data:`WEIGHTS`, :func:`score`
* :mod:`~hmdesk.core.memory.retrieve.results` — :class:`Query`, :class:`QueryResult`,
  :class:`ScoredMemory`, :class:`TermMatch`, :class:`Component`; :func:`result_to_json`
* :mod:`~hmdesk.core.memory.retrieve.scoring` — recency, term spans and weights
* :mod:`~hmdesk.core.memory.retrieve.reference_scan` — the reference scans (the oracle)
* :mod:`~hmdesk.core.memory.retrieve.timestamps` — vectorised timestamp parsing
* :mod:`~hmdesk.core.memory.retrieve.postings` — term postings (chunks, bigram index)
* :mod:`~hmdesk.core.memory.retrieve.index` — :class:`MemoryIndex`, :func:`search_segments`
* :mod:`~hmdesk.core.memory.retrieve.retriever` — :class:`Retriever`

The package itself exports nothing: import each name from the module that holds it, so that a
module of the package (the team store's server search) is imported without the index and numpy.
"""
