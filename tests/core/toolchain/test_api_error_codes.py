"""The system APIs' documented error codes (:mod:`hmdesk.core.toolchain.api_error_codes`): a code
read as its kit's error-code page, the kit chosen by the text when several document the code,
and said as ambiguous when the text tells them apart by nothing; and a hilog error line that
carries one (:mod:`hmdesk.core.toolchain.hilog.api_code_lines`). The codes and messages are the
OpenHarmony docs' (apis-location-kit, apis-media-kit, apis-core-file-kit, apis-network-kit)."""

from __future__ import annotations

from hmdesk.core.toolchain.api_error_codes import lookup
from hmdesk.core.toolchain.doctor import diagnose
from hmdesk.core.toolchain.hilog.api_code_lines import api_code


def test_a_code_one_kit_documents_is_read_as_its_page():
    found = lookup("3301100", "BusinessError 3301100: The location switch is off.")
    assert found is not None and not found.ambiguous
    assert (found.entry.kit, found.by_message, found.unique) == ("location", True, True)
    assert found.entry.solution == "Display a prompt asking for enabling the location service."
    # the code alone: still its one meaning, but not by the message
    alone = lookup("3301100", "Error code: 3301100")
    assert alone is not None and (alone.by_message, alone.unique) == (False, True)


def test_a_code_the_catalogue_lacks_is_none():
    assert lookup("99999999", "Error code: 99999999") is None


def test_a_code_several_kits_document_is_told_apart_by_the_text_or_said_ambiguous():
    # 2300007: the network kit's "Failed to connect to the server.", the file kit's "Network is
    # unreachable" and the notification kit's "Network unreachable."
    by_message = lookup("2300007", "code: 2300007, message: Network is unreachable")
    assert by_message is not None and by_message.entry.kit == "core-file"
    assert by_message.by_message and not by_message.unique
    # no kit's message, but every word of one kit's title: that kit, not certain
    by_title = lookup("2300007", "upload error 2300007: could not connect to server")
    assert by_title is not None and not by_title.ambiguous
    assert by_title.entry.kit == "network" and not by_title.by_message
    neither = lookup("2300007", "code: 2300007")
    assert neither is not None and neither.ambiguous
    assert {"network", "core-file", "notification"} <= {e.kit for e in neither.entries}


def test_a_message_that_is_part_of_another_kits_tells_nothing():
    # 100001: promptAction's "Internal error." is a part of the router's message
    found = lookup("100001", "Error message: Internal error. UI execution context not found.")
    assert found is not None and found.ambiguous and not found.by_message


AVPLAYER = (
    "11-18 22:04:58.940 18389 18389 E A000FF/eboard:EngineServiceAbility:16/ThemeEngine: "
    "[6.1.6-305]AvPlayerProxy --> createAVPlayer fail, code: 5400101, message: The instance or "
    "memory has reached the upper limit, please recycle background playback"
)


def test_a_hilog_error_line_with_a_documented_code():
    said = api_code(AVPLAYER)
    assert said is not None and said.code == "5400101" and said.certain
    assert "instances exceeds 16" in said.meaning
    assert said.fix.startswith("Destroy this instance and re-create it.")
    found = diagnose(AVPLAYER)
    assert found is not None and (found.kind, found.code) == ("hilog", "5400101")


def test_only_an_error_line_with_a_documented_code_is_read():
    info = "08-28 09:01:56.082  8560  8560 I A00500/SettingsData: done, code:13900002"
    assert api_code(info) is None  # neither ERROR nor a failure
    error = info.replace(" I ", " E ")
    said = api_code(error)
    assert said is not None and said.code == "13900002"
    assert api_code(error.replace("13900002", "13999999")) is None  # not documented
    assert api_code(error.replace("code:13900002", "error code:-1")) is None
    assert api_code("build failed, code: 5400101") is None  # not a hilog line
    assert api_code(error.replace("code:", "barcode:")) is None  # not a code's word


def test_a_short_code_needs_its_documented_message_beside_it():
    http = "08-28 09:01:56.082  8560  8560 E A00500/Net: request failed, http code: 401"
    assert api_code(http) is None  # an HTTP status, as like as not
    said = api_code(
        "08-28 09:01:56.082  8560  8560 E A00500/App: call failed, code: 201, message: "
        "Permission verification failed. The application does not have the permission "
        "required to call the API."
    )
    assert said is not None and said.code == "201" and said.certain


def test_a_hilog_line_with_an_ambiguous_code_is_said_possibly():
    said = api_code("08-28 09:01:56.082  8560  8560 E A00500/Sync: upload failed, errCode:2300007")
    assert said is not None and not said.certain
    assert "several kits" in said.meaning and "network" in said.meaning


def test_a_quoted_error_with_the_codes_own_message_is_read_without_hilogs_columns() -> None:
    # the FAQ's quote of what an app logged (faqs-local-database-management-31): the code in
    # quotes, 401's first sentence; a quote may be a crash's message too, so "possibly"
    from hmdesk.core.toolchain.doctor import diagnose

    f = diagnose("code:\"401\" err: Error: Parameter error. The type of 'value' must be ValueType.")
    assert f is not None and f.code == "401" and not f.certain
    assert "mandatory parameters" in f.fix
    # 401 without its message in a quote stays unread (an HTTP status as often)
    plain = diagnose('request failed, code: "401"')
    assert plain is None or plain.code != "401"


def test_the_kind_is_what_the_codes_page_is_about() -> None:
    start = "Failed to start ability. Code is 16000001, message is The specified ability does not exist."
    said = api_code(start)
    assert said is not None and said.kind == "launch" and not said.certain
    http = api_code("07-01 10:00:00.000  100  100 E A00001/App: request failed, code: 2300028")
    assert http is not None and http.kind == "network"
    file = api_code("07-01 10:00:00.000  100  100 E A00001/App: readText failed, code: 13900002")
    assert file is not None and file.kind == "file"
    denied = api_code(
        "07-01 10:00:00.000  100  100 E A00001/App: getLocation failed, code: 201, message: "
        "Permission verification failed. The application does not have the permission required "
        "to call the API."
    )
    assert denied is not None and denied.kind == "permission"
    # another kit's code stays a logged error
    avplayer = api_code(AVPLAYER)
    assert avplayer is not None and avplayer.kind == "hilog"


def test_the_http_clients_curl_result_is_its_2300xxx_code() -> None:
    line = "07-01 10:00:00.000  100  120 E C015B0/com.x/NetStack: HttpClient CURLcode result 7"
    said = api_code(line)
    # 2300007 is the file kit's code as well: the HTTP client's keyword tells it is the network's
    assert said is not None and said.code == "2300007" and said.kind == "network" and said.certain
    assert api_code(line.replace("result 7", "result 0")) is None  # CURLE_OK
    quoted = api_code("HttpClient CURLcode result 28")
    assert quoted is not None and quoted.code == "2300028" and not quoted.certain


def test_a_kits_distinctive_message_quoted_without_its_code() -> None:
    said = api_code(
        "07-01 10:00:00.000  100  100 E A00001/App: jump failed: The specified ability does not exist."
    )
    assert (
        said is not None and said.code == "16000001" and said.kind == "launch" and not said.certain
    )
    alone = api_code("The specified ability does not exist.")
    assert alone is not None and alone.code == "16000001"
    # a plain message many codes share, or one inside a line that is no failure, tells nothing
    assert api_code("07-01 10:00:00.000  100  100 E A00001/App: Internal error.") is None
    assert api_code("check: the specified ability does not exist yet?\nnext line") is None
    # words inside prose, and the file kit's errno texts any tool prints, are no quote
    assert api_code("startAbility failed: the specified ability does not exist in my notes") is None
    assert api_code("Transfer failed, Reason: no space left on device") is None
