"""hmharness interop: its ``memory.jsonl`` (:mod:`.jsonl`, imported in batches by :mod:`.importer`),
its ``memory.md`` notes (:mod:`.notes`) and its contradiction and consolidation rules
(:mod:`.rules`)."""
