"""A documented API error code's finer cases (:mod:`hmdesk.core.toolchain.api_code_cases`), told
by the kit's own words on the code's line or beside it, through both readers of the catalogue
(a hilog error line, a JS crash's code); and the code's other printed forms the hilog reader
takes (a code leading the message, Chinese labels, a quoted BusinessError's labelled fields)."""

from __future__ import annotations

from hmdesk.core.toolchain.api_code_cases import CASES, case_for
from hmdesk.core.toolchain.api_error_codes import documented, lookup
from hmdesk.core.toolchain.doctor import diagnose
from hmdesk.core.toolchain.hilog.api_code_lines import api_code

WINDOW = "07-01 22:31:45.915   11445-11445   A03D00/com.example/JSAPP   com.example   E     "


def test_every_case_is_a_documented_code():
    assert all(documented(c.code) for c in CASES)


def test_a_case_replaces_the_cause_and_leads_the_solution():
    plain = lookup("5400106", "errorCode 5400106, errorMsg Unsupported Format")
    cased = lookup("5400106", "errorCode 5400106, errorMsg unsupport video source type")
    assert plain is not None and cased is not None
    assert "resolution" in cased.entry.cause and "resolution" not in plain.entry.cause
    assert cased.entry.solution.endswith(plain.entry.solution)
    # the kit's words on a line beside the code's
    beside = lookup("7400201", '{"code":"7400201"}', around="Preconfig preconfigProfile is illegal")
    assert beside is not None and "canPreconfig" in beside.entry.solution
    assert case_for("7400201", "camera service died") is None


def test_a_code_leading_the_message_of_an_error_line():
    said = api_code(WINDOW + "5400102, Operate Not Permit: failed to SetSourceFd")
    assert said is not None and said.code == "5400102" and said.certain
    assert "close" in said.fix
    # a number leading some other message is no code
    assert api_code(WINDOW + "5400102, 12, 7 frames dropped") is not None  # documented code
    assert api_code(WINDOW + "1234567, something happened") is None  # not documented
    # inside the message it needs a label
    assert api_code(WINDOW + "player state 5400102, retry later") is None


def test_a_quoted_businesserror_with_its_fields_labelled():
    said = api_code("error code: 2300056, message: Failure when receiving data from the peer")
    assert said is not None and said.code == "2300056" and not said.certain
    # a code without its message label nor the documented message is no quote of an error
    assert api_code("retrying after 2300056 ms") is None


def test_chinese_labels():
    said = api_code(WINDOW + "读取失败，错误码：13900002")
    assert said is not None and said.code == "13900002"


def test_a_js_crash_code_gets_its_case():
    log = (
        "Error Name: Error\nError Message: [window][getLastWindow]msg: failed\n"
        "Error code: 1300002\nStack trace:\n"
        "  at window.getLastWindow (WindowManagerService)\n"
        "  at EntryAbility.onWindowStageDestroy (EntryAbility.ts:41)\n"
    )
    found = diagnose(log)
    assert found is not None and found.kind == "crash" and found.code == "1300002"
    assert "loadContent" in found.fix


def test_the_api_samples_code_is_n_message_is_m():
    # the official samples log ``Code is ${err.code}, message is ${err.message}``
    line = "Failed to start ability. Code is 16000001, message is The specified ability does not exist."
    said = api_code(WINDOW + line)
    assert said is not None and said.code == "16000001" and said.certain
    quoted = api_code(line)
    assert quoted is not None and quoted.code == "16000001" and not quoted.certain
    assert api_code("The code is 12345678 lines long") is None


def test_the_players_wrong_state_message():
    said = api_code(WINDOW + "5400102, current state is not idle, unsupport set source fd")
    assert said is not None and "stateChange" in said.fix


def test_the_http_clients_receive_error_names_the_bodys_framing() -> None:
    found = lookup(
        "2300056", "error code: 2300056, message: Failure when receiving data from the peer"
    )
    assert found is not None and "Transfer-Encoding" in found.entry.solution
    assert "CURLE_RECV_ERROR" in found.entry.cause


def test_the_preferences_401_by_its_own_message() -> None:
    said = api_code(
        "07-01 10:00:00.000  100  100 E A00001/App: put failed, code:401 err: Error: Parameter "
        "error. The type of 'value' must be ValueType."
    )
    assert said is not None and said.code == "401" and "8192" in said.fix
