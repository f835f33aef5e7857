"""What each tool of ``hmdesk-cli mcp`` does, without the MCP SDK (:mod:`.server` wires these to
the protocol; tests and the bench call them directly too).

Every tool takes the arguments as a client sent them (already checked against the tool's JSON
schema, :data:`hmdesk.core.agent.schemas.TOOLS`), checks what a schema cannot say (a device key's
characters, a project folder under an allowed one) and returns ``(result, ids)``: the JSON the
client gets and the memory ids it names, for the record. Bad input raises :class:`AgentInputError`
with a sentence saying what to send; a tool the user has not turned on raises :class:`Refused`.
Every string of every result passes :func:`~hmdesk.core.toolchain.redact.redact` (the run logs'
masking) before it leaves.

The retrieval goes through the one high-level entry point the window and ``hmdesk-cli query`` use
(``Retriever.search(Query(...))``); the failure card's recall through
:func:`~hmdesk.core.memory.recall_floor.recall_for_terms` and
:func:`~hmdesk.core.codeindex.location_recall.recall_by_location`; a run through ``Pipeline``;
the doctor's finding through :func:`~hmdesk.core.toolchain.doctor.diagnose`; logs and crashes
through the hilog reader and the crash detector.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hmdesk.core import config
from hmdesk.core.toolchain.redact import redact

if TYPE_CHECKING:
    from hmdesk.core.agent.proposals import Proposals
    from hmdesk.core.db import Database
    from hmdesk.core.memory.record import MemoryRecord
    from hmdesk.core.memory.retrieve.results import QueryResult, ScoredMemory
    from hmdesk.core.memory.retrieve.retriever import Retriever
    from hmdesk.core.memory.store import MemoryStore

Progress = Callable[[float, float | None, str], None]
"""``progress(done, total, message)``: called on a worker thread while a long tool runs."""

DEVICE_TOOLS = frozenset({"build_and_run"})
"""Tools that change a device: absent and refused until the user turns them on."""

LOG_TAIL = 20_000
"""Lines of the device's hilog buffer ``logs`` and ``crashes`` read (the newest)."""


class AgentInputError(ValueError):
    """Bad arguments: the message says what to send instead."""


class Refused(Exception):
    """The user has not allowed this (a device tool turned off, a project outside the allowed
    folders): the message says how they can allow it."""


def redacted(value: Any) -> Any:
    """``value`` with every string masked like a run log (secrets, tokens, passwords)."""
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, dict):
        return {k: redacted(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [redacted(v) for v in value]
    return value


def device_tools_on() -> bool:
    return config.switched_on("mcp_device_tools")


def allowed_tools(env: Mapping[str, str], names: list[str]) -> list[str]:
    """``names`` narrowed by ``HMDESK_MCP_TOOLS`` (names or prefixes, comma-separated), as
    hmharness's ``HMH_MCP_TOOLS`` narrows its own; unset or empty keeps them all."""
    raw = env.get("HMDESK_MCP_TOOLS", "").strip()
    if not raw:
        return names
    wanted = [w.strip() for w in raw.split(",") if w.strip()]
    return [n for n in names if any(n == w or n.startswith(w) for w in wanted)]


def _why(s: ScoredMemory) -> dict[str, Any]:
    """The compact explanation a model reads: terms matched and missed, the score's parts."""
    matched = [t.term for t in s.terms if t.matched]
    missed = [t.term for t in s.terms if not t.matched]
    parts = {name: round(c.contribution, 4) for name, c in s.components.items()}
    why: dict[str, Any] = {"matched": matched, "missed": missed, "parts": parts}
    tag_hits = sorted({tag for t in s.terms for tag in t.tags})
    if tag_hits:
        why["matched_tags"] = tag_hits
    return why


def memory_json(m: MemoryRecord) -> dict[str, Any]:
    return {
        "id": m.id,
        "content": m.content,
        "tags": list(m.tags),
        "layer": m.layer,
        "confidence": round(m.confidence, 3),
    }


class AgentTools:
    """The tools over one database, store and retriever (thread-safe as they are)."""

    def __init__(
        self,
        db: Database,
        store: MemoryStore,
        retriever: Retriever,
        *,
        env: Mapping[str, str] | None = None,
    ) -> None:
        from hmdesk.core.agent.proposals import Proposals

        self.db = db
        self.store = store
        self.retriever = retriever
        self.proposals: Proposals = Proposals(db)
        self.env = dict(os.environ if env is None else env)

    # ------------------------------------------------------------------ memory

    def recall(self, args: Mapping[str, Any]) -> tuple[dict[str, Any], list[str]]:
        from hmdesk.core.memory.retrieve.profile import PROFILES
        from hmdesk.core.memory.retrieve.results import Query

        name = str(args.get("profile", "default"))
        if name not in PROFILES:
            raise AgentInputError(f"unknown profile {name!r}; send one of: {', '.join(PROFILES)}")
        query = Query(
            text=str(args["query"]),
            layer=args.get("layer"),
            environment=args.get("environment"),
            tags=tuple(args.get("tags") or ()),
            limit=int(args.get("limit", 5)),
            profile=PROFILES[name],
        )
        if query.profile.semantic:
            reason = self.retriever.semantic_unavailable()
            if reason is not None:
                raise AgentInputError(
                    f"profile 'hybrid' is unavailable here ({reason}); send profile 'default'"
                )
        result = self.retriever.search(query)
        anchors = self._anchors([s.memory.id for s in result.results], args.get("project"))
        rows = []
        for s in result.results:
            row = memory_json(s.memory)
            row["score"] = round(s.score, 4)
            row["why"] = _why(s)
            if anchors.get(s.memory.id):
                row["why"]["anchored"] = anchors[s.memory.id]
            rows.append(row)
        out = {
            "query": query.text,
            "results": rows,
            "matched": result.matched,
            "note": result.note,
        }
        return redacted(out), [s.memory.id for s in result.results]

    def _anchors(self, ids: list[str], project: object) -> dict[str, list[str]]:
        """Each memory's code anchors as ``path:line symbol`` (of ``project`` when given): one
        query for all of them (a query per memory grew with the store)."""
        if not ids:
            return {}
        import sqlalchemy as sa
        from hmdesk.core.codeindex.anchors import project_key
        from hmdesk.core.models import MemoryAnchor as A

        stmt = sa.select(A.memory_id, A.path, A.line, A.symbol).where(A.memory_id.in_(ids))
        if isinstance(project, str) and project:
            stmt = stmt.where(A.project == project_key(project))
        out: dict[str, list[str]] = {}
        with self.db.read() as s:
            for mid, path, line, symbol in s.execute(stmt.order_by(A.id)):
                shown = out.setdefault(mid, [])
                if len(shown) < 5:
                    shown.append(f"{path}:{line} {symbol}")
        return out

    def remember(
        self, args: Mapping[str, Any], client: tuple[str | None, str | None]
    ) -> tuple[dict[str, Any], list[str]]:
        from hmdesk.core.agent.proposals import checked_input, near_duplicate
        from hmdesk.core.memory.errors import StoreError

        try:
            content, tags, layer, confidence = checked_input(
                redact(str(args["content"])),
                args.get("tags") or [],
                args.get("layer", "semantic"),
                args.get("confidence", 0.5),
            )
        except StoreError as exc:
            raise AgentInputError(str(exc)) from exc
        near = near_duplicate(self.retriever, content)
        evidence = args.get("evidence")
        p = self.proposals.file(
            content=content,
            tags=tags,
            layer=layer,
            confidence=confidence,
            evidence=redact(evidence) if isinstance(evidence, str) else None,
            project=args.get("project"),
            file=args.get("file"),
            line=args.get("line"),
            client_name=client[0],
            client_version=client[1],
            near=near,
        )
        ids = [near[0]] if near else []
        if config.switched_on("mcp_auto_accept"):
            done = self.proposals.accept(self.store, p.id, actor=f"agent:{p.client}")
            accepted = {
                "proposal": p.id,
                "status": "accepted",
                "memory_id": done.record.id,
                "message": "Stored at once: the user lets agents' proposals through without "
                "review (mcp_auto_accept).",
            }
            if done.anchor_note:
                accepted["anchor"] = done.anchor_note
            return accepted, [done.record.id, *ids]
        message = (
            "Proposed, not stored: a person reviews it in hmdesk (Review tab, or "
            "hmdesk-cli proposals) and accepts, edits or rejects it. Do not propose it again."
        )
        out: dict[str, Any] = {"proposal": p.id, "status": "pending", "message": message}
        if near:
            out["near_duplicate_of"] = near[0]
            out["message"] = f"{message} It nearly repeats memory {near[0]}; the reviewer is told."
        return out, ids

    def feedback(
        self, args: Mapping[str, Any], client: tuple[str | None, str | None]
    ) -> tuple[dict[str, Any], list[str]]:
        from hmdesk.core.memory.access import AccessLog

        mid = str(args["id"])
        helped = bool(args["helped"])
        note = args.get("note")
        who = f"agent {client[0] or 'unknown client'}"
        text = f"{who}: {note}" if isinstance(note, str) and note.strip() else who
        if AccessLog(self.db).record_feedback(mid, helped=helped, query_text=redact(text)) == 0:
            raise AgentInputError(
                f"no memory {mid!r}; send an id that recall returned (e.g. from its results)"
            )
        return {"id": mid, "helped": helped, "recorded": True}, [mid]

    def memory(self, memory_id: str) -> tuple[dict[str, Any], list[str]]:
        """The resource ``memory://ID``: one memory with its history and access log."""
        from hmdesk.core.memory.access import AccessLog
        from hmdesk.core.memory.errors import NotFound

        try:
            m = self.store.get(memory_id)
            events = self.store.history(memory_id)
        except NotFound as exc:
            raise AgentInputError(
                f"no memory {memory_id!r}; read memory://ID with an id recall returned"
            ) from exc
        out = memory_json(m)
        out.update(
            {
                "created_at": m.created_at,
                "updated_at": m.updated_at,
                "superseded_by": m.superseded_by,
                "deleted": m.deleted_at is not None,
                "history": [
                    {
                        "at": e.at,
                        "kind": e.kind,
                        "field": e.field,
                        "actor": e.actor,
                        "reason": e.reason,
                    }
                    for e in events[-50:]
                ],
                "recalls": [
                    {"at": a.at, "context": a.context()}
                    for a in AccessLog(self.db).for_memory(memory_id, limit=20)
                ],
            }
        )
        return redacted(out), [memory_id]

    # ------------------------------------------------------------------ diagnosis

    def diagnose(self, args: Mapping[str, Any]) -> tuple[dict[str, Any], list[str]]:
        from hmdesk.core.toolchain.doctor import diagnose

        finding = diagnose(str(args["log_text"]))
        if finding is None:
            return {
                "finding": None,
                "recalled": [],
                "message": "No known failure signature in this log.",
            }, []
        rows = self._recall_for_finding(finding.query_terms, finding.location, None)
        out = {"finding": finding.to_dict(), "recalled": rows}
        return redacted(out), [r["id"] for r in rows]

    def _recall_for_finding(
        self, terms: list[str], location: str | None, project: str | None
    ) -> list[dict[str, Any]]:
        """The failure card's recall: anchored memories at the location first (with a project),
        then the text matches above the recall floor."""
        from hmdesk.core.codeindex.location_recall import parse_location, recall_by_location
        from hmdesk.core.memory.recall_floor import recall_for_terms

        text: QueryResult = recall_for_terms(self.retriever, terms)
        loc = parse_location(location)
        index = None
        if loc is not None and project:
            from hmdesk.core.codeindex.index import CodeIndex

            index = CodeIndex(project)
            try:
                index.scan()
            except OSError:
                index = None
        rows = recall_by_location(self.retriever, index, [loc] if loc else [], text)
        out = []
        for r in rows:
            row = memory_json(r.memory)
            row.update({"score": round(r.score, 4), "via": r.via, "label": r.label})
            out.append(row)
        return out

    # ------------------------------------------------------------------ device

    def _hdc(self) -> str:
        from hmdesk.core.toolchain.tools import ToolNotFound, hdc_path

        try:
            return hdc_path(self.db)
        except ToolNotFound as exc:
            raise Refused(str(exc)) from exc

    def devices(self, _args: Mapping[str, Any]) -> tuple[dict[str, Any], list[str]]:
        from hmdesk.core.toolchain.devices import list_devices

        result = list_devices(self._hdc())
        out = {
            "status": result.status,
            "devices": [
                {**d.to_dict(), "usable": d.usable, "guidance": d.guidance} for d in result.devices
            ],
            "message": result.message,
            "fix": result.fix,
        }
        return redacted(out), []

    def _device_key(self, args: Mapping[str, Any]) -> str:
        """The device the call names, else the one connected device."""
        from hmdesk.core.toolchain.devices import list_devices
        from hmdesk.core.toolchain.hdc import InvalidName, validate_device_key

        key = args.get("device")
        if key:
            try:
                return validate_device_key(str(key))
            except InvalidName as exc:
                raise AgentInputError(f"{exc}; send a key that devices() lists") from exc
        result = list_devices(self._hdc())
        usable = [d.key for d in result.devices if d.usable]
        if len(usable) == 1:
            return usable[0]
        if not usable:
            raise Refused(
                "no usable device is connected"
                + (f": {result.message}" if result.message else "")
                + (f". {result.fix}" if result.fix else "")
            )
        raise AgentInputError(f"several devices are connected ({', '.join(usable)}); send device")

    def logs(self, args: Mapping[str, Any]) -> tuple[dict[str, Any], list[str]]:
        from hmdesk.core.toolchain.hilog.query import HilogQuery
        from hmdesk.core.toolchain.hilog.stream import dump

        text = str(args.get("query") or "")
        since = args.get("since")
        if since:
            text = f"{text} age:{since}".strip()
        query = HilogQuery.parse(text)
        if query.fallback:  # the text did not parse: hilog's own answer is a plain search
            raise AgentInputError(
                f"query: {query.note}; send e.g. 'tag:Ability level:E' or plain words"
            )
        key = self._device_key(args)
        result = dump(self._hdc(), key, tail=LOG_TAIL)
        if result.failure is not None:
            raise Refused(
                result.failure.message + (f". {result.failure.fix}" if result.failure.fix else "")
            )
        shown = query.filter(result.lines)
        limit = int(args.get("limit", 200))
        lines = [ln.raw for ln in shown[-limit:]] if limit else []
        out = {
            "device": key,
            "lines": lines,
            "matched": len(shown),
            "note": query.note,
        }
        return redacted(out), []

    def crashes(self, args: Mapping[str, Any]) -> tuple[dict[str, Any], list[str]]:
        from hmdesk.core.toolchain.crash.detect import detect_all
        from hmdesk.core.toolchain.hilog.query import HilogQuery
        from hmdesk.core.toolchain.hilog.stream import dump

        key = self._device_key(args)
        result = dump(self._hdc(), key, tail=LOG_TAIL)
        if result.failure is not None:
            raise Refused(
                result.failure.message + (f". {result.failure.fix}" if result.failure.fix else "")
            )
        lines = result.lines
        since = args.get("since")
        if since:
            lines = HilogQuery.parse(f"age:{since}").filter(lines)
        book = detect_all(lines, bundle=args.get("bundle"))
        groups = [g.to_json() for g in book.groups()]
        return redacted({"device": key, "crashes": groups}), []

    # --- the device, read-only (issue 33) ------------------------------------------------
    def _outcome_or_refuse(self, outcome: Any) -> None:
        if not outcome.ok:
            raise Refused(outcome.message + (f". {outcome.fix}" if outcome.fix else ""))

    def screenshot(self, args: Mapping[str, Any]) -> tuple[dict[str, Any], list[str]]:
        import time

        from hmdesk.core.toolchain.device import screen
        from hmdesk.core.toolchain.device.evidence import evidence_root

        key = self._device_key(args)
        shot = screen.capture(
            self._hdc(), key, evidence_root() / "agent", f"screen-{int(time.time() * 1000)}"
        )
        self._outcome_or_refuse(shot)
        return {"device": key, **shot.extra}, []

    def layout(self, args: Mapping[str, Any]) -> tuple[dict[str, Any], list[str]]:
        import tempfile

        from hmdesk.core.codeindex.anchors import AnchorStore
        from hmdesk.core.codeindex.index import CodeIndex
        from hmdesk.core.codeindex.layout_join import Literals, join, with_memories
        from hmdesk.core.toolchain.device import layout as layout_mod

        project = self.allowed_project(str(args["project"])) if args.get("project") else None
        key = self._device_key(args)
        with tempfile.TemporaryDirectory(prefix="hmdesk-layout-") as tmp:
            outcome, tree = layout_mod.dump(self._hdc(), key, Path(tmp) / "layout.json")
        self._outcome_or_refuse(outcome)
        assert tree is not None
        links: dict[int, Any] = {}
        ids: list[str] = []
        if project is not None:
            index = CodeIndex(project)
            index.scan()
            lits = Literals(index)
            links = join(tree, lits)
            store = AnchorStore(self.db)
            anchors = [
                a
                for p in sorted({x.path for x in links.values()})
                for a in store.for_file(project, p)
            ]
            links = with_memories(links, anchors, lits)
            ids = list(dict.fromkeys(m for x in links.values() for m in x.memories))
        limit = int(args.get("limit", 500))
        nodes = []
        for node in tree.nodes[:limit]:
            d = node.to_dict()
            link = links.get(node.index)
            d["code"] = link.to_dict() if link is not None else None
            nodes.append(d)
        out = {
            "device": key,
            "screen": tree.screen,
            "nodes": nodes,
            "more": max(0, len(tree.nodes) - limit) + tree.truncated,
        }
        return redacted(out), ids

    def list_files(self, args: Mapping[str, Any]) -> tuple[dict[str, Any], list[str]]:
        from hmdesk.core.toolchain.device import files
        from hmdesk.core.toolchain.device.remote import app_roots
        from hmdesk.core.toolchain.hdc import InvalidName

        try:
            if not args.get("path"):
                roots = app_roots(str(args["bundle"]) if args.get("bundle") else None)
                return {
                    "places": [
                        {"label": r.label, "path": r.path, "writable": r.writable} for r in roots
                    ]
                }, []
            key = self._device_key(args)
            listing = files.list_dir(
                self._hdc(), key, str(args["path"]), max_entries=int(args.get("limit", 500))
            )
        except InvalidName as exc:
            raise AgentInputError(str(exc)) from exc
        if listing.problem is not None:
            self._outcome_or_refuse(listing.problem)
        return redacted({"device": key, **listing.to_dict()}), []

    def app_stats(self, args: Mapping[str, Any]) -> tuple[dict[str, Any], list[str]]:
        from hmdesk.core.toolchain.device import stats
        from hmdesk.core.toolchain.hdc import InvalidName, validate_bundle

        try:
            bundle = validate_bundle(str(args["bundle"]))
        except InvalidName as exc:
            raise AgentInputError(str(exc)) from exc
        key = self._device_key(args)
        sample, problem = stats.sample_once(self._hdc(), key, bundle)
        if problem is not None and sample.pid is None:
            self._outcome_or_refuse(problem)
        return {
            "device": key,
            "bundle": bundle,
            "running": sample.pid is not None,
            **sample.to_dict(),
        }, []

    def build_and_run(
        self, args: Mapping[str, Any], progress: Progress | None = None
    ) -> tuple[dict[str, Any], list[str]]:
        from hmdesk.core.toolchain.pipeline import Pipeline, validate_options
        from hmdesk.core.toolchain.runs import InvalidOptions, PipelineEvent, PipelineOptions

        if not device_tools_on():
            raise Refused(DEVICE_OFF)
        project = self.allowed_project(str(args["project"]))
        device = self._device_key(args) if args.get("device") else None
        chosen = {
            "product": args.get("product"),
            "build_mode": args.get("mode"),
            "module": args.get("module"),
        }
        opts = PipelineOptions(**{k: v for k, v in chosen.items() if v})
        try:
            validate_options(opts)
        except InvalidOptions as exc:
            raise AgentInputError(str(exc)) from exc
        steps_done = [0]  # progress counts finished steps; their number depends on the run

        def on_event(ev: PipelineEvent) -> None:
            if progress is None:
                return
            if ev.kind == "step-started":
                progress(float(steps_done[0]), None, f"{ev.step} started")
            elif ev.kind == "step-finished":
                steps_done[0] += 1
                progress(float(steps_done[0]), None, f"{ev.step}: {ev.verdict}")

        pipe = Pipeline(self.db, project, device, on_event=on_event, options=opts)
        result = pipe.run()
        out = result.to_json()
        ids: list[str] = []
        if result.status == "failed":
            finding, _step = result.failure()
            if finding is not None:
                rows = self._recall_for_finding(finding.query_terms, finding.location, str(project))
                out["recalled"] = rows
                ids = [r["id"] for r in rows]
                if ids:
                    from hmdesk.core.memory.access import AccessLog

                    AccessLog(self.db).record_run(result.run_id, ids)
        return redacted(out), ids

    def allowed_project(self, text: str) -> Path:
        """``text`` as a project folder under one of the user's allowed folders (resolved, so a
        link or ``..`` cannot step outside), else :class:`Refused` / :class:`AgentInputError`."""
        path = Path(text).expanduser()
        if not path.is_absolute():
            raise AgentInputError(
                f"project {text!r} is not an absolute path; send the project root's full path"
            )
        path = path.resolve()
        roots = config.folders("mcp_projects")
        if not any(path == r or r in path.parents for r in roots):
            where = ", ".join(str(r) for r in roots) or "none yet"
            raise Refused(
                f"{path} is not under a folder the user lets agents build (allowed: {where}); "
                "ask the user to add it in hmdesk Preferences (Agents) or with "
                f"hmdesk-cli config set mcp_projects FOLDER[{os.pathsep}FOLDER...]"
            )
        if not path.is_dir():
            raise AgentInputError(f"project {path} is not a folder; send the project root")
        return path


DEVICE_OFF = (
    "build_and_run is turned off: the user has not let agents build and run on a device. Ask "
    "them to turn on 'Let agents build and run' in hmdesk Preferences (Agents), or to run "
    "hmdesk-cli config set mcp_device_tools on"
)
