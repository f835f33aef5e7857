"""hilog lines quoted with part of the prefix cut (held-out batches N and P, folded into the
corpus): ``E Tag: msg`` (a level and a tag, no domain), a pasted run of ``Tag: msg`` lines, and real
``hilog -v year -v zone`` output with lower-case domains; prose and tools' lines stay text."""

from __future__ import annotations

from pathlib import Path

from hmdesk.core.toolchain.crash.detect import detect_text
from hmdesk.core.toolchain.doctor_eval import Expect, score_one
from hmdesk.core.toolchain.hilog.line import LOG, RAW
from hmdesk.core.toolchain.hilog.parse import parse_line, parse_lines

REAL = Path(__file__).resolve().parents[3] / "data" / "real_logs" / "hilog"


def _real(name: str) -> list[str]:
    return (REAL / name).read_text(encoding="utf-8").splitlines()


def test_a_level_and_a_tag_without_a_domain_is_a_log_line() -> None:
    (line,) = parse_lines(_real("vpn-client-hdstabs-barposition-not-a-number.log"))
    assert (line.kind, line.level, line.tag, line.domain_text) == (LOG, "E", "HDS_tabs", "")
    assert line.message == "GetTabBarPosition barPosition is not a number"
    # a variant: another level and tag, quoted where it was pasted
    other = parse_line("> W ArkUI_Grid: columnsTemplate is not a valid template")
    assert (other.kind, other.level, other.tag) == (LOG, "W", "ArkUI_Grid")


def test_prose_that_starts_with_a_capital_i_stays_text() -> None:
    for prose in (
        "I think: the app crashed",
        "E found: nothing",
        "I Error: x",
        "W note: see above",
    ):
        assert parse_line(prose).kind == RAW, prose


def test_a_pasted_run_of_tag_lines_is_read_with_its_tags() -> None:
    lines = parse_lines(_real("maui-ohos-entry-record-missing-appkit-lines.log"))
    assert [p.kind for p in lines] == [LOG] * 5
    assert [p.tag for p in lines] == ["AppKit"] * 4 + ["appspawn"]
    assert lines[2].message.startswith("Error message:Cannot find module")
    assert all((p.level, p.domain_text, p.time, p.pid) == ("", "", "", 0) for p in lines)
    # a variant: other tags, indented as in a Markdown list
    run = parse_lines(["  Faultlogger: saving", "  Faultlogger: saved", "  hiview: done"])
    assert [p.tag for p in run] == ["Faultlogger", "Faultlogger", "hiview"]


def test_prose_labels_a_fault_log_and_tools_lines_are_no_tag_lines() -> None:
    for text in (
        ["Note: run it again", "Note: then it works"],  # a label, not a tag
        ["Pid: 123", "Uid: 20010044", "Reason: Signal:SIGSEGV"],  # no tag comes back
        ["Expected: 1", "Actual: 2"],
        ["TypeError: x", "TypeError: y"],  # an error's name
        ["ld.lld: error: undefined symbol: f", "ld.lld: error: undefined symbol: g"],
        ["ninja: warning: a", "ninja: warning: b"],
        ["AppKit: only one line"],
    ):
        assert all(p.kind == RAW for p in parse_lines(text)), text


def test_hilog_v_year_v_zone_keeps_every_field() -> None:
    lines = [p for p in parse_lines(_real("netbird-faultlogger-old-appspawn-crash.log"))]
    first = lines[0]
    assert first.kind == LOG and first.time == "2026-07-17 17:57:15.792"
    assert (first.pid, first.tid, first.level, first.tag) == (168, 200, "I", "Faultlogger")
    assert first.domain_text == "C02D11"  # printed C02d11: the same number
    # pasted tab-indented, the zone still comes off
    assert parse_line("\t" + _real("netbird-tsfn-tag-capture.log")[1]).time == (
        "2026-07-17 17:57:02.099"
    )


def test_the_scorer_reads_a_domain_in_either_case() -> None:
    path = REAL / "netbird-tsfn-tag-capture.log"
    text = path.read_text(encoding="utf-8")
    want = {"domain": "a02900", "tag": "R1Api24Probe"}
    out = score_one(path, "hilog", text, Expect(lines=15, fields=want))
    assert out.fields is True and out.lines == (15, 15)


def test_a_pasted_or_opened_log_reads_its_cut_lines_too() -> None:
    lines, _book = detect_text("\n".join(_real("maui-ohos-entry-record-missing-appkit-lines.log")))
    assert [p.tag for p in lines] == ["AppKit"] * 4 + ["appspawn"]
