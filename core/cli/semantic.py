"""hmdesk-cli embed: compute the memories' missing embeddings (or show how far they are).

Heavy imports (numpy, SQLAlchemy, the model) happen inside the handler, never while parsing.
Exit codes: 0 done (or the status printed), 1 the embedder failed part-way (the batches before
are kept), 2 the embedder is unavailable (the message says how to install or configure it),
130 interrupted (the batches before are kept; run it again to continue).
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from hmdesk.core.cli.common import UsageError, open_db, print_json

PROVIDERS = ("local", "openai")


def register(subparsers: Any, common: argparse.ArgumentParser) -> None:
    p = subparsers.add_parser(
        "embed",
        parents=[common],
        help="compute the memories' embeddings for semantic search (or show how far they are)",
    )
    p.add_argument(
        "--provider",
        choices=PROVIDERS,
        default="local",
        help="local: the model bundled with the hmdesk[semantic] extra (default); openai: the "
        "OpenAI-compatible endpoint of the embed_url, embed_model and embed_key settings",
    )
    p.add_argument(
        "--status",
        action="store_true",
        help="only print how many memories have a current embedding; compute nothing",
    )
    p.add_argument(
        "--batch-size",
        type=int,
        default=None,
        metavar="N",
        help="memories embedded and saved together (default: 32 local, 64 openai); "
        "an interruption loses at most one batch",
    )
    p.set_defaults(func=cmd_embed)


def _status_json(st: Any) -> dict[str, Any]:
    return {
        "model": st.model,
        "total": st.total,
        "embedded": st.embedded,
        "stale": st.stale,
        "missing": st.missing,
    }


def cmd_embed(args: argparse.Namespace) -> int:
    from hmdesk.core.config import ConfigError
    from hmdesk.core.memory.semantic import (
        EmbedderError,
        EmbedderUnavailable,
        cache,
        get_embedder,
    )
    from hmdesk.core.memory.semantic.fill import fill_embeddings

    if args.batch_size is not None and args.batch_size < 1:
        raise UsageError("--batch-size must be at least 1")
    try:
        embedder = get_embedder(args.provider)
    except (EmbedderUnavailable, ConfigError) as exc:
        raise UsageError(str(exc)) from exc
    with open_db(args) as db:
        assert db is not None  # create=True always opens
        if args.status:
            st = cache.status(db, embedder.model_id)
            if args.json:
                print_json({"provider": args.provider, **_status_json(st)})
            else:
                print(
                    f"{st.embedded} of {st.total} memories have a current embedding for "
                    f"{st.model}"
                    + (f"; {st.missing} missing" if st.missing else "")
                    + (f"; {st.stale} stale (edited since)" if st.stale else "")
                )
                if st.pending:
                    print(f"compute them with: hmdesk-cli embed --provider {args.provider}")
            return 0
        show = not args.json and sys.stderr.isatty()

        def progress(done: int, total: int) -> None:
            if show and total:
                print(f"\rembedding: {done}/{total}", end="", file=sys.stderr, flush=True)

        start = time.perf_counter()
        error: str | None = None
        interrupted = False
        result = None
        try:
            result = fill_embeddings(db, embedder, progress, batch_size=args.batch_size)
        except EmbedderError as exc:
            error = str(exc)
        except KeyboardInterrupt:
            interrupted = True
        elapsed = time.perf_counter() - start
        if show:
            print(file=sys.stderr)
        st = cache.status(db, embedder.model_id)
    if args.json:
        print_json(
            {
                "provider": args.provider,
                **_status_json(st),
                "computed": result.embedded if result else None,
                "skipped": result.skipped if result else None,
                "elapsed_s": round(elapsed, 3),
                "error": error,
                "interrupted": interrupted,
            }
        )
    elif result is not None:
        print(
            f"embedded {result.embedded} memories in {elapsed:.1f} s with {st.model}; "
            f"{st.embedded} of {st.total} are current"
            + (f" ({result.skipped} changed meanwhile: run it again)" if result.skipped else "")
        )
    if error is not None:
        print(
            f"hmdesk-cli: error: {error}. {st.embedded} of {st.total} memories are embedded; "
            "run it again to continue.",
            file=sys.stderr,
        )
        return 1
    if interrupted:
        print(
            f"hmdesk-cli: interrupted: {st.embedded} of {st.total} memories are embedded; "
            "run it again to continue.",
            file=sys.stderr,
        )
        return 130
    return 0
