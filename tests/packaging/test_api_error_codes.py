"""packaging/api_error_codes.py reads the OpenHarmony docs' error-code pages.

The pages under tests/data/api_error_codes are verbatim sections of openharmony/docs (CC-BY-4.0):
``en/application-dev/reference/apis-location-kit/errorcode-geoLocationManager.md`` (its head to
3301100), ``apis-core-file-kit/errorcode-filemanagement.md`` (its head to 13900002, sections
under a ``##`` group heading as ``###``) and ``apis-arkui/errorcode-window.md`` (its head,
1300006–1300009 with two ``<!--Del-->`` sections, and the deprecated 1001) and
``apis-connectivity-kit/errorcode-bluetoothManager.md`` (its head to 2900003: headings of the
code alone) and ``apis-media-library-kit/errcode-medialibrary.md`` (the whole page: named
``errcode-``, not ``errorcode-``, with a ``<!--Del-->`` section and "Possible causes") and
``apis-ability-kit/errorcode-bundle.md`` (its head, 17700017 with a code block and images in
its solution, and 17700051 whose heading repeats its code) and
``apis-network-kit/errorcode-net-vpn.md`` (the whole page: its message labelled "Error
Information") and ``apis-distributedservice-kit/errorcode-link-enhance.md`` (its head and
32390300: its message labelled "Message") and
``apis-connectivity-kit/errorcode-nearlink-service.md`` (its head and 36100003: HTML entities in
its solution) and ``apis-distributedservice-kit/errorcode_proxyChannelManager.md`` (its head and
32390001: a page named ``errorcode_``, not ``errorcode-``) and
``apis-multimodalawareness-kit/errorcode-metadataBinding.md`` (its head and 32100003: its message
labelled "Error Code Information", labels and lines ending in spaces).
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "tests" / "data" / "api_error_codes"
REF = "en/application-dev/reference"


def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "api_error_codes", REPO / "packaging" / "api_error_codes.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _parse(name: str, kit_folder: str) -> list[dict[str, str]]:
    text = (DATA / name).read_text(encoding="utf-8")
    rows: list[dict[str, str]] = _generator().parse_page(text, f"{REF}/{kit_folder}/{name}")
    return rows


def test_a_section_with_possible_cause_and_procedure():
    rows = _parse("errorcode-geoLocationManager.md", "apis-location-kit")
    assert [r["code"] for r in rows] == ["3301000", "3301100"]
    assert rows[1] == {
        "code": "3301100",
        "title": "Positioning Failed Due to Location Service Switch Turning-off",
        "message": "The location switch is off.",
        "cause": "The location service switch is turned off, which makes basic functions such as "
        "continuous positioning and immediate positioning unavailable.",
        "solution": "Display a prompt asking for enabling the location service.",
        "kit": "location",
        "page": f"{REF}/apis-location-kit/errorcode-geoLocationManager.md",
    }
    # a numbered list: its items kept in order, their numbers with them
    assert rows[0]["cause"].startswith(
        "1. The location service fails to be started, leading to a communication failure"
    )
    assert "3. The network positioning service is abnormal" in rows[0]["cause"]


def test_sections_under_a_group_heading_and_links_reduced_to_their_text():
    rows = _parse("errorcode-filemanagement.md", "apis-core-file-kit")
    assert [r["code"] for r in rows] == ["13900001", "13900002"]
    assert rows[1] == {
        "code": "13900002",
        "title": "File or Directory Not Exist",
        "message": "No such file or directory",
        "cause": "The file or directory does not exist.",
        "solution": "Check whether the file directory exists.",
        "kit": "core-file",
        "page": f"{REF}/apis-core-file-kit/errorcode-filemanagement.md",
    }
    solution = rows[0]["solution"]
    assert "see access control mechanisms of the system" in solution
    assert "](" not in solution and "**" not in solution


def test_deleted_sections_are_left_out_and_a_deprecated_title_is_cleaned():
    rows = _parse("errorcode-window.md", "apis-arkui")
    assert [r["code"] for r in rows] == ["1300006", "1300009", "1001"]
    assert rows[1]["message"] == "The parent window is invalid."
    assert rows[1]["solution"] == (
        "1. Ensure that the subwindow is bound to the parent window. "
        "2. Ensure that the status of the parent window is normal."
    )
    assert rows[2]["title"] == "Window Null Pointer Exception"
    assert rows[2]["kit"] == "arkui"


def test_a_heading_of_the_code_alone_takes_the_message_as_its_title():
    rows = _parse("errorcode-bluetoothManager.md", "apis-connectivity-kit")
    assert [(r["code"], r["title"], r["message"]) for r in rows] == [
        ("2900001", "Service stopped", "Service stopped."),
        ("2900003", "Bluetooth disabled", "Bluetooth disabled."),
    ]
    assert rows[1]["solution"] == "Enable Bluetooth." and rows[1]["kit"] == "connectivity"


def test_a_page_named_errcode_is_read_too(tmp_path):
    """The media library's page is ``errcode-medialibrary.md``: found, parsed like the others."""
    kit = tmp_path / REF / "apis-media-library-kit"
    kit.mkdir(parents=True)
    (kit / "errcode-medialibrary.md").write_bytes((DATA / "errcode-medialibrary.md").read_bytes())
    (kit / "errcode-medialibrary-sys.md").write_text("## 23800001 x\n", encoding="utf-8")
    generator = _generator()
    assert [p.name for p in generator.pages(tmp_path)] == ["errcode-medialibrary.md"]
    rows = _parse("errcode-medialibrary.md", "apis-media-library-kit")
    assert [r["code"] for r in rows] == ["23800301", "23800151"]  # 23800107 is a Del section
    assert rows[0] == {
        "code": "23800301",
        "title": "System Internal Error",
        "message": "System inner fail.",
        "cause": "1. The database is abnormal. 2. The file system is abnormal. "
        "3. The IPC message times out.",
        "solution": "Clear the background or restart the device.",
        "kit": "media-library",
        "page": f"{REF}/apis-media-library-kit/errcode-medialibrary.md",
    }


def test_images_are_left_out_and_a_repeated_code_is_not_the_title():
    rows = _parse("errorcode-bundle.md", "apis-ability-kit")
    assert [r["code"] for r in rows] == ["17700017", "17700051"]
    assert rows[0]["solution"] == (
        "Ensure that the version of the bundle to install is not earlier than the version in use. "
        "1. To query the version of an existing application, use the HDC tool. "
        "2. To query the version of a newly installed application, use DevEco Studio to open the "
        "HAP or HSP file and check the value of versionCode in the module.json file."
    )
    assert rows[1]["title"] == (
        "HAP Installation Failure Due to Incorrect Distribution Type in the Signing Certificate "
        "Profile of the Caller"
    )
    assert rows[1]["kit"] == "ability"


def test_a_message_labelled_error_information():
    rows = _parse("errorcode-net-vpn.md", "apis-network-kit")
    assert [r["code"] for r in rows] == ["2203001", "2203002", "2203004"]
    assert rows[0] == {
        "code": "2203001",
        "title": "Failed to Create a VPN",
        "message": "VPN creation denied. Check the user type.",
        "cause": "The login user does not have the operation permission. Specifically, the GUEST "
        "user does not have the permission to call the setUp API.",
        "solution": "Check the type of the login user.",
        "kit": "network",
        "page": f"{REF}/apis-network-kit/errorcode-net-vpn.md",
    }


def test_a_message_labelled_message():
    rows = _parse("errorcode-link-enhance.md", "apis-distributedservice-kit")
    assert [r["code"] for r in rows] == ["32390300"]
    assert rows[0] == {
        "code": "32390300",
        "title": "Internal Error",
        "message": "Internal error.",
        "cause": "1. Invalid input device ID. 2. Invalid input name. 3. Abnormal internal state. "
        "4. Incorrect API usage.",
        "solution": "View the error log to identify the error cause. Take appropriate based on the "
        "actual cause: 1. If the device ID passed to the API is the same as that obtained from the "
        "Bluetooth system API, check whether the peer device is in the advertising state.",
        "kit": "distributedservice",
        "page": f"{REF}/apis-distributedservice-kit/errorcode-link-enhance.md",
    }


def test_a_message_labelled_error_code_information():
    rows = _parse("errorcode-metadataBinding.md", "apis-multimodalawareness-kit")
    assert rows == [
        {
            "code": "32100003",
            "title": "Decoding Failed",
            "message": "Decode process fail.",
            "cause": "Algorithm execution fails because of memory allocation failures or other "
            "reasons.",
            "solution": "1. Retry the operation at a specified interval (for example, 1s) or at an "
            "exponential increase interval. 2. If the operation fails for three consecutive "
            "retries, return an empty link.",
            "kit": "multimodalawareness",
            "page": f"{REF}/apis-multimodalawareness-kit/errorcode-metadataBinding.md",
        }
    ]


def test_html_entities_are_read_as_their_characters():
    rows = _parse("errorcode-nearlink-service.md", "apis-connectivity-kit")
    assert [r["code"] for r in rows] == ["36100003"]
    assert rows[0]["solution"] == (
        "On the settings screen of the device, go to Settings > NearLink & Bluetooth > NearLink "
        "(or Settings > More connectivity options > NearLink for different products or system "
        "versions) to turn on NearLink, and try again. Alternatively, submit a ticket online."
    )


def test_a_page_named_errorcode_with_an_underscore_is_read_too(tmp_path):
    """The proxy channel manager's page is ``errorcode_proxyChannelManager.md``."""
    kit = tmp_path / REF / "apis-distributedservice-kit"
    kit.mkdir(parents=True)
    name = "errorcode_proxyChannelManager.md"
    (kit / name).write_bytes((DATA / name).read_bytes())
    (kit / "errorcode-device-manager.md").write_text("## 11600101 x\n", encoding="utf-8")
    generator = _generator()
    assert [p.name for p in generator.pages(tmp_path)] == ["errorcode-device-manager.md", name]
    rows = _parse(name, "apis-distributedservice-kit")
    assert rows == [
        {
            "code": "32390001",
            "title": "Bluetooth Disabled",
            "message": "BR is disabled.",
            "cause": "Bluetooth is disabled on the local device.",
            "solution": "Enable Bluetooth on the local device and try again.",
            "kit": "distributedservice",
            "page": f"{REF}/apis-distributedservice-kit/{name}",
        }
    ]


def test_an_entry_another_page_repeats_word_for_word_is_kept_once():
    """mDNS's page repeats net_connection's 2100002; the bundle page's 17700001 differs from
    the notification page's: both kept."""
    said = {"title": "Service Connection Failure", "message": "Failed to connect to the service."}
    said |= {"cause": "The service is abnormal.", "solution": "Check the services."}
    mdns = {"code": "2100002", **said, "kit": "network", "page": f"{REF}/n/errorcode-net-mdns.md"}
    conn = mdns | {"page": f"{REF}/n/errorcode-net-connection.md"}
    bundle = {"code": "17700001", **said, "kit": "ability", "page": f"{REF}/a/errorcode-bundle.md"}
    notification = bundle | {"message": "The specified bundle name was not found.", "kit": "n"}
    notification |= {"page": f"{REF}/n/errorcode-notification.md"}
    rows = _generator().distinct([mdns, notification, conn, bundle])
    assert rows == [conn, bundle, notification]


def test_the_catalogue_holds_what_the_generator_writes():
    """The shipped catalogue is the generator's output: a header, then rows of its fields."""
    lines = (REPO / "resources" / "api_error_codes.jsonl").read_text(encoding="utf-8").splitlines()
    header, rows = json.loads(lines[0]), [json.loads(line) for line in lines[1:]]
    assert "CC-BY-4.0" in header["source"]
    assert rows and all(
        set(r) == {"code", "title", "message", "cause", "solution", "kit", "page"} for r in rows
    )
    assert {"code": "3301100", "kit": "location"}.items() <= next(
        r for r in rows if r["code"] == "3301100"
    ).items()
