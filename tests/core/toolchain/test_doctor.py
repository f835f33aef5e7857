"""Build doctor: hmharness's 8 classes (its own fixtures + realistic logs), the hvigor codes of
hvigor's documented codes, install and launch codes, table order, the 8000-character tail."""

from __future__ import annotations

from pathlib import Path

import pytest
from hmdesk.core.toolchain.build_signatures import HMHARNESS_CLASSES
from hmdesk.core.toolchain.doctor import diagnose, format_finding
from hmdesk.core.toolchain.finding import first_error_block
from hmdesk.core.toolchain.hdc import INSTALL_CODES

STACK = "\n".join(
    f"    at step{i} (/usr/lib/node_modules/@ohos/hvigor/index.js:{i}:1)" for i in range(40)
)


def wrap(sig: str) -> str:
    """hmharness doctor.test.ts wraps each signature like this."""
    return f"\nBUILD FAILED in 12s\n{sig}\n{STACK}\n"


# --- hmharness's own fixtures ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("sig", "kind"),
    [
        ("Error: Invalid value of DEVECO_SDK_HOME.", "sdk-home"),
        ("ERROR: no signing config matched product default (keystore missing)", "signing"),
        ("ohpm ERROR: Failed to install dependencies 404 @ohos/axios", "ohpm-deps"),
        ("Cannot find module .../hvigor/bin: NODE_HOME not set", "hvigor-env"),
        ("ERROR: ArkTS Compiler: ERROR: ArkTS-1123 in Index.ets", "arkts-source"),
        ("A problem occurred evaluating project: parse module.json5 Expected ,", "config"),
        ("fetch failed: network timeout (registry host)", "network"),
        ("ERROR: 00306042 Specification Limit Violation", "sdk-version"),
        ("parse error: Expected ',' but got '{' in module.json5", "config"),
    ],
)
def test_hmharness_fixtures(sig: str, kind: str) -> None:
    f = diagnose(wrap(sig))
    assert f is not None and f.kind == kind
    assert len(f.fix) > 30
    assert f.evidence == sig.strip()[:200]
    assert f.query_terms
    # the kind is searched when memories say it (signing, config); the doctor's own names for
    # its kinds never are (issue 32: "arkts-source" matched "source" in any memory)
    assert (f.query_terms[0] == kind) if "-" not in kind else kind not in f.query_terms


def test_an_internal_kind_is_never_a_search_term() -> None:
    """Issue 32: the failure card searched `arkts-source` as a term. The real log: an ArkTS
    compile error from tests/data/real_logs/arkts (its source in the .toml beside it)."""
    from pathlib import Path

    log = Path(__file__).parents[2] / "data/real_logs/arkts/prop-named-scale-10505001.log"
    f = diagnose(log.read_text(encoding="utf-8"))
    assert f is not None and f.kind == "arkts-source"
    assert "arkts-source" not in f.query_terms and "10505001" in f.query_terms
    assert not [t for t in f.query_terms if "-" in t and t.islower() and t.isascii()]


def test_novel_failure_is_none() -> None:
    assert diagnose(wrap("something entirely novel happened")) is None
    assert diagnose("") is None
    assert format_finding(None).startswith("Unclassified failure")


def test_first_error_block() -> None:
    block = first_error_block("ok\nERROR: ArkTS-100 in Foo.ets:42 expected semicolon\nnext\n")
    assert block == "ERROR: ArkTS-100 in Foo.ets:42 expected semicolon\nnext"
    long = "ERROR: x\n" + "\n".join(f"line {i}" for i in range(20))
    assert first_error_block(long) is not None and len(first_error_block(long).splitlines()) == 8  # type: ignore[union-attr]


def test_the_8_classes_are_in_hmharness_table_order() -> None:
    assert [s.kind for s in HMHARNESS_CLASSES] == [
        "sdk-home", "sdk-version", "signing", "ohpm-deps", "hvigor-env", "arkts-source", "config", "network",
    ]  # fmt: skip


# --- realistic hvigor logs, one per class / code ---------------------------------------------

HEAD = "> hvigor Starting build without daemon\n> hvigor Finished :entry:default@PreBuild... after 36 ms\n"
TRY = "* Try:\n> Run with --stacktrace option to get the stack trace.\n> hvigor ERROR: BUILD FAILED in 1 s 12 ms\n"

REALISTIC = {
    "sdk-home/00303217": (
        "\x1b[31m> hvigor \x1b[39m\x1b[31mERROR: 00303217 Configuration Error\x1b[39m\n"
        "Error Message: Invalid value of 'DEVECO_SDK_HOME' in the system environment path. Please check the value of 'DEVECO_SDK_HOME'.\n"
    ),
    "sdk-missing/00303168": (
        "> hvigor ERROR: 00303168 Configuration Error\n"
        "Error Message: SDK component missing. Please verify the integrity of your SDK.\n"
    ),
    "sdk-version/00306004": (
        "> hvigor ERROR: 00306004 Specification Limit Violation\n"
        "Error Message: The compatibleSdkVersion 12 of the current module is lower than the compatibleSdkVersion 14 of the dependency @ohos/lib. At file: /p/build-profile.json5\n"
    ),
    "config/00303038": (
        "> hvigor ERROR: 00303038 Configuration Error\n"
        "Error Message: Schema validate failed, at file: /p/entry/src/main/module.json5\n"
        "instancePath: 'module.deviceTypes[0]', keyword: 'enum'\n"
    ),
    "config/00303148": "> hvigor ERROR: 00303148 Configuration Error\nError Message: Hvigorfile not found: /p/feature/hvigorfile.ts\n",
    "config/00303149": "> hvigor ERROR: 00303149 Configuration Error\nError Message: Path not found: C:/Users/dev/very/long/path\n",
    "hvigor-version/00303028": "> hvigor ERROR: 00303028 Configuration Error\nError Message: Unsupported modelVersion 5.1.0.\n",
    "java/00308018": "> hvigor ERROR: 00308018 Unknown Error\nError Message: spawn java ENOENT\n",
    "hvigor-env/None": "Error: Cannot find module 'C:/Program Files/Huawei/DevEco Studio/tools/hvigor/bin/hvigorw.js'\n",
    "ohpm-deps/00303999": "> hvigor ERROR: 00303999 Configuration Error\nError Message: ohpm ERROR: package @ohos/axios@^9.9.9 not found in registry.\n",
    "arkts-source/10505001": (
        "> hvigor ERROR: Failed :entry:default@CompileArkTS...\n"
        "1 ERROR: 10505001 ArkTS Compiler Error\n"
        "Error Message: Expression expected. At File: /p/entry/src/main/ets/pages/Index.ets:18:34\n"
        "COMPILE RESULT:FAIL {ERROR:2 WARN:27}\n"
    ),
    "rollup/00305015": "> hvigor ERROR: 00305015 Rollup Error\nError Message: Unexpected token. At file: /p/entry/src/main/ets/common/util.ts:7:12\n",
    "network/00308018": "> hvigor ERROR: 00308018 Unknown Error\nError Message: fetch failed: request to https://ohpm.openharmony.cn/ohpm/@ohos/axios failed, reason: connect ECONNREFUSED 127.0.0.1:7890\n",
}


@pytest.mark.parametrize("key", sorted(REALISTIC))
def test_realistic_hvigor_logs(key: str) -> None:
    kind, code = key.split("/")
    f = diagnose(HEAD + REALISTIC[key] + TRY)
    assert f is not None
    assert f.kind == kind
    assert f.code == (None if code == "None" else code)
    assert f.fix and len(f.fix) > 30
    assert f.block and "ERROR" in f.block
    assert "\x1b" not in f.evidence


def test_location_from_the_error_block() -> None:
    f = diagnose(HEAD + REALISTIC["arkts-source/10505001"] + TRY)
    assert f is not None and f.location == "/p/entry/src/main/ets/pages/Index.ets:18:34"
    assert "ArkTS" in f.query_terms and "10505001" in f.query_terms
    text = format_finding(f)
    assert "kind: arkts-source" in text and "First ERROR block:" in text and "location:" in text


def test_unsigned_warning_does_not_hide_the_real_error() -> None:
    warn = "> hvigor WARN: Will skip sign 'hos_hap'. No signingConfigs profile is configured in current project.\n"
    old_arkts = (
        "1 ERROR: ArkTS:ERROR File: /p/entry/src/main/ets/pages/Index.ets:52:7\n Cannot find name 'Colum'.\n"
        "> hvigor ERROR: ArkTS Compiler Error\n"
    )
    f = diagnose(HEAD + warn + old_arkts + TRY)
    assert f is not None and f.kind == "arkts-source"
    assert f.location == "/p/entry/src/main/ets/pages/Index.ets:52:7"
    # with nothing else wrong, the warning is the finding
    w = diagnose(HEAD + warn + "> hvigor BUILD SUCCESSFUL in 1 s\n")
    assert w is not None and w.kind == "signing" and w.code == "9568320"


def test_only_the_last_8000_characters_count() -> None:
    early = "> hvigor ERROR: 00303217 Configuration Error\n"
    filler = "> hvigor Finished :entry:default@X... after 1 ms\n" * 400
    assert diagnose(early + filler) is None
    assert diagnose(filler + early) is not None


# --- device side ----------------------------------------------------------------------------


@pytest.mark.parametrize("code", sorted(INSTALL_CODES))
def test_install_codes(code: str) -> None:
    log = (
        "[Info]App install path:/p/entry-default-signed.hap msg:error: failed to install bundle.\n"
        f"code:{code}\nerror: {INSTALL_CODES[code][0]}.\nAppMod finish\n"
    )
    f = diagnose(log)
    assert f is not None
    assert f.code == code and f.meaning == INSTALL_CODES[code][0]
    assert f.kind in ("install", "signing", "uninstall")
    assert f.evidence == f"code:{code} error: {INSTALL_CODES[code][0]}."
    assert code in f.query_terms


def test_launch_and_hdc_failures() -> None:
    f = diagnose(
        "error: failed to start ability.\nError Code:10104001  Error Message:The specified ability does not exist\n"
    )
    assert f is not None and (f.kind, f.code) == ("launch", "10104001")
    s = diagnose("Connect server failed\n")
    assert s is not None and s.kind == "hdc-server" and "8710" in s.fix
    d = diagnose("[Fail][E001005] Device not found or connected\n")
    assert d is not None and (d.kind, d.code) == ("hdc", "E001005")
    assert "not found" in (d.meaning or "")
    u = diagnose("[Fail][E000003] The device unauthorized.\n")
    assert u is not None and u.kind == "hdc" and "unauthorized" in u.query_terms
    n = diagnose("[Fail]ExecuteCommand need connect-key? please confirm a device by help info\n")
    assert n is not None and n.kind == "hdc"
    # real lines (tests/data/real_logs/hdc, 27g): an .apk given to hdc install; a TCP board's key
    a = diagnose("[Fail]Not any installation package was found\n")
    assert a is not None and a.kind == "no-hap" and ".hap" in a.fix
    t = diagnose("[Fail]Not match target founded, check connect-key please\n")
    assert t is not None and "hdc list targets" in t.fix and "tconn" in t.fix


def test_an_install_code_quoted_in_a_note_with_bms_words() -> None:
    # bm/coop-device-unauthorized-9568423 (27g): the code and bm's words quoted in a note
    f = diagnose("真机安装报 `code:9568423 device is unauthorized` | 手机 UDID 不在调试 profile\n")
    assert f is not None and (f.kind, f.code) == ("signing", "9568423")
    assert "UDID" in f.fix


GENERIC_REMEDIES = ("uninstall the app and retry", "check the device connection", "restart")


def test_an_unknown_install_code_carries_bms_words_and_reason_not_a_generic_remedy() -> None:
    f = diagnose(
        "error: failed to install bundle.\ncode:9568499\n"
        "error: install failed due to frobnicated widget table.\nreason: widget table v3\n"
    )
    assert f is not None and (f.kind, f.code) == ("install", "9568499")
    assert "install failed due to frobnicated widget table" in f.fix
    assert "widget table v3" in f.fix
    assert not any(g in f.fix.lower() for g in GENERIC_REMEDIES)


def test_an_unknown_code_with_a_documented_text_gets_that_codes_fix() -> None:
    # a renumbered code: bm's text is the one of 9568332
    f = diagnose(
        "error: failed to install bundle.\ncode:9568999\nerror: install sign info inconsistent.\n"
    )
    assert f is not None and f.code == "9568999"
    assert "9568332" in f.fix and "uninstall" in f.fix.lower()


def test_bm_saying_more_than_the_table_is_kept() -> None:
    # since API 18 bm names the permission it could not grant (bm-tool.md, 9568289)
    f = diagnose(
        "error: failed to install bundle.\ncode:9568289\nerror: install failed due to grant "
        "request permissions failed, ohos.permission.MANAGE_BLUETOOTH.\n"
    )
    assert f is not None and f.code == "9568289"
    assert "ohos.permission.MANAGE_BLUETOOTH" in f.fix


@pytest.mark.parametrize(
    ("log", "code", "words"),
    [
        # the documented codes beyond the first tables (bm-tool.md, aa-tool.md, hdc.md)
        (
            "code:9568401\nerror: debug bundle can only be installed in developer mode.",
            "9568401",
            "developer mode",
        ),
        ("code:9568337\nerror: install parse unexpected.", "9568337", "MD5"),
        (
            "Error Code:10106001  Error Message:The current device is not in developer mode.",
            "10106001",
            "developer mode",
        ),
        (
            "Error Code:10103601  Error Message:The specified bundleName does not exist.",
            "10103601",
            "bm dump -a",
        ),
        (
            "[Fail][E005102] Remote path: /data/x is invalid, no such file/directory",
            "E005102",
            "remote path",
        ),
        ("[Fail][E007100] Operate need running under debug mode", "E007100", "debug"),
    ],
)
def test_documented_device_codes(log: str, code: str, words: str) -> None:
    f = diagnose(log + "\n")
    assert f is not None and f.code == code
    assert words.lower() in f.fix.lower()


def test_unknown_aa_and_hdc_codes_carry_the_tools_text() -> None:
    a = diagnose(
        "error: failed to start ability.\nError Code:10199999  Error Message:Frob is not ready.\n"
    )
    assert a is not None and (a.kind, a.code) == ("launch", "10199999")
    assert "Frob is not ready" in a.fix and "device screen" not in a.fix
    h = diagnose("[Fail][E009999] Frob channel closed\n")
    assert h is not None and (h.kind, h.code) == ("hdc", "E009999")
    # a code of a documented family says which one
    f = diagnose("[Fail][E005999] Frob failed\n")
    assert f is not None and "file transfer" in f.fix
    assert "Frob channel closed" in h.fix
    assert not any(g in h.fix.lower() for g in GENERIC_REMEDIES)


def test_the_engines_js_crash_in_hilog_and_a_web_render_freeze() -> None:
    real = Path(__file__).resolve().parents[2] / "data" / "real_logs" / "hilog"
    js = diagnose(
        (real / "selectcontact-previewer-hilog-typeerror.log").read_text(encoding="utf-8")
    )
    assert js is not None and js.kind == "crash"
    assert js.location == "entry/src/main/ets/pages/SelectContact.ets:39:25" and "?." in js.fix
    web = diagnose((real / "arkweb-render-not-responding-wrapped.log").read_text(encoding="utf-8"))
    assert web is not None and web.kind == "freeze"
    assert web.location is not None and web.location.endswith("test.html:28:9")


def test_finding_round_trips_through_dict() -> None:
    from hmdesk.core.toolchain.finding import Finding

    f = diagnose(HEAD + REALISTIC["arkts-source/10505001"] + TRY)
    assert f is not None
    assert Finding.from_dict(f.to_dict()) == f


# --- signing failures (not just the unsigned warning) ----------------------------------------

RED = "\x1b[31m"
OFF = "\x1b[39m"
DONE = "".join(
    f"{RED}> hvigor {OFF}Finished :entry:default@{t}... after 9 ms\n"
    for t in ("CompileArkTS", "BuildJS", "PackageHap")
)
SIGNING_FAILURES = {
    # the shape hvigor printed in a public bug report (SignHap, keystore file missing)
    "missing-p12": (
        f"{RED}> hvigor {OFF}{RED}ERROR: Failed :entry:default@SignHap...{OFF}\n"
        f"{RED}> hvigor {OFF}{RED}ERROR: Invalid storeFile value. Make sure it is not null or empty. "
        "The file must be included in '/Users/dev/.ohos/config/default_hello_Qx9.p12'.{OFF}\n"
        "\t Detail: Please check signingConfigs in root project build-profile.json5\n"
        "\t at /Users/dev/hello/build-profile.json5\n"
        f"{RED}> hvigor {OFF}{RED}ERROR: BUILD FAILED in 220 ms{OFF}\n",
        ".p12",
    ),
    # new-format error block with hap-sign-tool's expiry message
    "expired-cer": (
        "> hvigor ERROR: Failed :entry:default@SignHap...\n"
        "1 ERROR: Tools execution failed.\n"
        "Error Message: hap-sign-tool: error: The certificate has expired! NotAfter: Thu Dec 04 "
        "17:30:09 CST 2025. Check appCertFile 'C:/Users/dev/.ohos/config/default_hello_Qx9.cer' "
        "of signingConfigs in build-profile.json5.\n" + TRY,
        "certificate has expired",
    ),
    # a profile that does not match: only the .p7b is named
    "profile-p7b": (
        "> hvigor ERROR: Failed :entry:default@SignHap...\n"
        "1 ERROR: Tools execution failed.\n"
        "Error Message: Verify profile failed: the profile 'C:/Users/dev/.ohos/config/"
        "default_hello_Qx9.p7b' is not valid for bundle com.example.hello.\n" + TRY,
        ".p7b",
    ),
}


@pytest.mark.parametrize("key", sorted(SIGNING_FAILURES))
def test_signing_failure_in_signhap(key: str) -> None:
    log, needle = SIGNING_FAILURES[key]
    f = diagnose(HEAD + DONE + log)
    assert f is not None and f.kind == "signing"
    assert needle in f.evidence  # the line naming the file / the expiry, not "Failed :…@SignHap"
    assert "Failed :" not in f.evidence and "\x1b" not in f.evidence
    assert f.code is None  # not the unsigned-HAP warning's 9568320
    assert "Signing Configs" in f.fix and "signingConfigs" in f.fix and ".p7b" in f.fix
    assert f.meaning == "signing the HAP failed (SignHap)"
    assert f.query_terms[0] == "signing" and "SignHap" in f.query_terms
    assert f.block is not None and "SignHap" in f.block
    assert format_finding(f).startswith("kind: signing")


def test_a_signhap_that_finished_is_not_a_signing_failure() -> None:
    ok_sign = "> hvigor Finished :entry:default@SignHap... after 412 ms\n"
    f = diagnose(HEAD + ok_sign + REALISTIC["network/00308018"] + TRY)
    assert f is not None and f.kind == "network"


def test_secrets_never_reach_the_finding() -> None:
    # issue 9: a failing SignHap whose tool line echoes the passwords
    log = wrap(
        "> hvigor ERROR: Failed :entry:default@SignHap...\n"
        "java -jar hap-sign-tool.jar sign-app -keyPwd 0000001BKEY -keystorePwd 0000001BSTORE "
        "-keystoreFile /x/default.p12\n"
        "> hvigor ERROR: Invalid storeFile value. storePassword: 'literal-secret-42'"
    )
    finding = diagnose(log, extra_secrets=["literal-secret-42"])
    assert finding is not None and finding.kind == "signing"
    shown = format_finding(finding) + repr(finding.to_dict())
    for secret in ("0000001BKEY", "0000001BSTORE", "literal-secret-42"):
        assert secret not in shown
    # a finding stored verbatim by an older version is masked when read back
    from hmdesk.core.toolchain.finding import Finding

    old = Finding.from_dict({"kind": "signing", "evidence": "-keyPwd abc", "block": "token=xyz"})
    assert "abc" not in old.evidence and old.block is not None and "xyz" not in old.block


# --- issue 27: real logs the doctor was blind or wrong on ----------------------------------
# (the whole corpus runs in test_doctor_corpus.py; these pin the rules one by one)


def test_a_generic_word_alone_is_only_possibly() -> None:
    f = diagnose(wrap("step stopped: timeout"))
    assert f is not None and f.kind == "network" and not f.certain
    assert "Possibly" in f.fix and "(possibly" in format_finding(f)
    assert diagnose(wrap("the file was not found")) is None
    # the freeze the word "timeout" used to turn into a network failure
    freeze = diagnose("Reason:LIFECYCLE_TIMEOUT\nMSG:ablity:EntryAbility background timeout\n")
    assert freeze is not None and (freeze.kind, freeze.code) == ("freeze", "LIFECYCLE_TIMEOUT")


def test_an_unknown_bm_code_keeps_the_code_and_bms_words() -> None:
    log = "error: failed to install bundle.\ncode:9568999\nerror: Failed to install because of a new reason.\n"
    f = diagnose(log)
    assert f is not None and (f.kind, f.code) == ("install", "9568999")
    assert "a new reason" in f.fix and "uninstall" not in f.fix.lower()


def test_the_tools_own_code_before_the_wrapper() -> None:
    log = (
        "ohpm ERROR: Run install command failed\nError: 00617101 Fetch Pkg Info Failed\n"
        'Error Message: FetchPackageInfo: "@ohos/nope" failed\n'
        "> hvigor ERROR: 00306053 Specification Limit Violation\nError Message: ohpm install failed.\n"
    )
    f = diagnose(log)
    assert f is not None and (f.kind, f.code) == ("ohpm-deps", "00617101") and "@ohos/nope" in f.fix


@pytest.mark.parametrize(
    ("code", "kind"),
    [("00306001", "long-path"), ("00306003", "project-path"), ("00306004", "sdk-version"),
     ("00306046", "config"), ("00306049", "native"), ("00306053", "ohpm-deps"), ("00306054", "hvigor-task")],
)  # fmt: skip
def test_the_00306xxx_family_is_told_apart(code: str, kind: str) -> None:
    f = diagnose(f"> hvigor ERROR: {code} Specification Limit Violation\nError Message: x.\n")
    assert f is not None and (f.kind, f.code) == (kind, code)


def test_old_format_first_error_not_first_warning() -> None:
    log = (
        "> hvigor ERROR: ArkTS Compiler Error\n"
        "1 WARN: ArkTS:WARN File: /p/entry/src/main/ets/pages/A.ets:3:1\n Function may throw exceptions.\n"
        "2 WARN: ArkTS:WARN File: /p/entry/src/main/ets/pages/B.ets:4:1\n Function may throw exceptions.\n"
        "1 ERROR: ArkTS:ERROR File: /p/entry/src/main/ets/pages/C.ets:5:7\n Cannot find name 'x'.\n"
        "COMPILE RESULT:FAIL {ERROR:2 WARN:2}\n"
    )
    f = diagnose(log)
    assert f is not None and f.kind == "arkts-source"
    assert f.location == "/p/entry/src/main/ets/pages/C.ets:5:7" and "Cannot find name 'x'" in f.fix


def test_crash_bearing_hilog_is_a_crash() -> None:
    from tests.fixtures.fakes.hdc_crash import cpp_lines, js_lines

    log = "\n".join(js_lines(5394, "00:01.000") + cpp_lines(5401, "00:09.000"))
    f = diagnose(log)
    assert f is not None and f.kind == "crash" and "undefined" in f.fix
    # the source file, as the crash card's stack links it (the compiled Index.ts's line)
    assert f.location == "entry/src/main/ets/pages/Index.ets:8:12"


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_the_literal_prefilter_never_skips_a_match() -> None:
    """Each signature's needles (literals every match contains) only skip regexes that could not
    match: on every real log of the corpus the first matching signature is the same with and
    without them."""
    from pathlib import Path

    from hmdesk.core.toolchain.prefilter import fold, holds, required
    from hmdesk.core.toolchain.signature_table import ROWS, pattern

    assert required(r"code:\s*9568347\b") == (("9568347", "code:"),)
    assert required(r"certificate (?:has )?expired") == (("certificate ", "expired"),)
    assert required(r"\.p7b\b") == ((".p7b",),) and required(r"a|b") == (("a",), ("b",))
    assert required(r"(?:x)?") is None
    corpus = Path(__file__).resolve().parents[2] / "data" / "real_logs"
    for log in sorted(corpus.rglob("*.log")):
        text = log.read_text(encoding="utf-8")
        folded = fold(text)
        plain = next((i for i, (s, _n) in enumerate(ROWS) if pattern(s).search(text)), None)
        fast = next(
            (
                i
                for i, (s, needles) in enumerate(ROWS)
                if (needles is None or holds(needles, folded)) and pattern(s).search(text)
            ),
            None,
        )
        assert plain == fast, log.name


def test_macos_dot_files_outside_oh_modules_are_not_a_dependency_problem() -> None:
    # a Next.js project's note (public GitHub file, search tool code corpus id 105698765): the
    # same `._` parse error, but not in a HarmonyOS dependency, so not "ohpm-deps" (the page
    # shows an invisible character between the quotes; a NUL stands for it here)
    log = (
        "./src/components/vetting/._ActiveCasesTable.tsx\n"
        "Module parse failed: Unexpected character '\x00' (1:0)\n"
    )
    found = diagnose(log)
    assert found is None or found.kind != "ohpm-deps"


def test_access_denied_to_an_exe_is_not_the_comspec_problem() -> None:
    # an IDE plugin's note (public GitHub file, search tool code corpus id 58623871383): AppLocker
    # refusing an .exe; only a .bat/.cmd that cannot start points at ComSpec
    log = (
        'Cannot run program "...\\plugins\\agnix\\bin\\agnix-lsp.exe": CreateProcess error=5, '
        "Access is denied\n"
    )
    found = diagnose(log)
    assert found is None or "ComSpec" not in found.fix


# --- what no specific rule knows: the tool's own words (real logs of tests/data/real_logs) -----

REAL = Path(__file__).resolve().parents[2] / "data" / "real_logs"


def _real(name: str) -> str:
    return (REAL / name).read_text(encoding="utf-8")


def test_an_unknown_hvigor_code_carries_its_range_and_the_tools_words() -> None:
    # FAQ faqs-compiling-and-building-221: 00308002 is in no table; its range means a command
    # hvigor runs failed, and hvigor's own "Try the following" names the cause
    f = diagnose(_real("hvigor/faq-221-00308002-space-in-hvigor-user-home.log"))
    assert f is not None and f.kind == "hvigor-env" and f.code == "00308002"
    assert "Space is not supported in HVIGOR_USER_HOME" in f.fix
    # "See above for details": the package manager's own line before the code is carried
    f = diagnose(_real("hvigor/faq-221-00308002-certificate.log"))
    assert (
        f is not None and f.code == "00308002" and "unable to verify the first certificate" in f.fix
    )


def test_a_package_managers_certificate_error_is_not_a_signing_error() -> None:
    f = diagnose(_real("hvigor/faq-195-00308023-cert-expired.log"))
    assert f is not None and f.kind == "hvigor-env" and f.code == "00308023"
    # while a signature that names its own cause still wins over the code's range
    f = diagnose(_real("java-node/spawn-java-packagehap.log"))
    assert f is not None and f.kind == "java" and f.code == "00308018"


def test_a_known_code_printed_without_the_code() -> None:
    f = diagnose(_real("config/image-cropper-1-bytecode-hars-normalized-ohmurl.log"))
    assert f is not None and f.kind == "config" and f.code is None
    assert "useNormalizedOHMUrl" in f.fix and "00306046" in (f.meaning or "")
    f = diagnose(_real("config/harmonyosnet-34-path-not-found-modules.log"))
    assert f is not None and "srcPath" in f.fix
    assert (f.location or "").endswith("build-profile.json5")


def test_a_signature_carries_the_tools_advice() -> None:
    f = diagnose(_real("config/rdbplus-1-bytecode-har-normalized-ohmurl.log"))
    assert f is not None and "useNormalizedOHMUrl in the project-level" in f.fix


def test_a_fault_log_pasted_on_one_line() -> None:
    f = diagnose(_real("jscrash/faq-arkui-1159-global-builder-dialog.log"))
    assert f is not None and f.kind == "crash" and "@Builder" in f.fix


def test_a_fortify_abort_names_fd_setsize() -> None:
    f = diagnose(_real("cppcrash/fd-set-fortify-abort-1024.log"))
    assert f is not None and f.code == "SIGABRT" and "poll()" in f.fix


def test_a_tools_message_without_its_code_names_the_documented_code() -> None:
    # DevEco's "Install Failed" line and aa's failure print the message, not always the code
    b = diagnose(
        "Install Failed: error: failed to install bundle.\nerror: install parse unexpected.\n"
    )
    assert b is not None and b.kind == "install" and "9568337" in (b.meaning or "")
    a = diagnose("error: failed to start ability.\nThe current device is not in developer mode.\n")
    assert a is not None and a.kind == "launch" and "10106001" in (a.meaning or "")
    assert "developer mode" in a.fix


def test_codes_quoted_bare_and_hdc_prose_without_a_code() -> None:
    b = diagnose("安装报错 错误码9568322，怎么办\n")
    assert b is not None and b.code == "9568322" and "，怎么办" not in b.fix
    a = diagnose("aa start 报 10106102\n")
    assert a is not None and (a.kind, a.code) == ("launch", "10106102")
    # an ArkTS code of the same length is not an aa code
    k = diagnose("ERROR: 10505001 ArkTS Compiler Error\nError Message: Cannot find name 'x'.\n")
    assert k is not None and k.kind != "launch"
    d = diagnose("[Fail]Failed to communicate with daemon\n")
    assert d is not None and d.kind == "hdc" and "hdc kill" in d.fix
    u = diagnose("[Fail]Transfer path failed, read-only file system\n")
    assert (
        u is not None and u.kind == "hdc" and "Transfer path failed, read-only file system" in u.fix
    )
    e = diagnose("error: install failed due to grant request permissions failed.\n")
    assert e is not None and e.kind == "install" and "9568289" in (e.meaning or "")


def test_a_js_errors_api_code_is_its_code_wherever_it_is_printed() -> None:
    f = diagnose(
        "Reason:BusinessError\nError name:BusinessError\nError message:Parameter error. The type "
        'of "uri" must be string, code: 401\nStacktrace:\n'
        "    at f (entry/src/main/ets/pages/Index.ets:3:4)\n"
    )
    assert f is not None and (f.kind, f.code) == ("crash", "401")


def test_bm_and_aa_words_no_table_has_are_carried() -> None:
    b = diagnose(
        "Install Failed: error: failed to install bundle.\nerror: frob table mismatch in widget.\n"
    )
    assert b is not None and b.kind == "install" and "frob table mismatch in widget" in b.fix
    assert not any(g in b.fix.lower() for g in GENERIC_REMEDIES)
    a = diagnose("error: failed to start ability.\nError Message: The frob is missing\n")
    assert a is not None and a.kind == "launch" and "The frob is missing" in a.fix
    # a prose signature still wins over the words (aa/faq-ability-visible-false)
    v = diagnose("error: failed to start ability. error: ability visible false deny request\n")
    assert v is not None and "exported" in v.fix


def test_aas_cause_and_advice_lines_are_carried() -> None:
    # the shape of a current aa's failure (web-infra-dev/midscene#2934): the code, its message,
    # "Error cause:" and "Try the following:" with "> " lines; an unknown code keeps them all
    f = diagnose(
        "error: failed to start ability.\n"
        "Error Code:10199998  Error Message:The frob does not exist\n"
        "Error cause: The frob is not installed\n"
        "  Try the following:\n"
        "  > Check if the frob of -f is correct\n"
    )
    assert f is not None and f.code == "10199998"
    assert "The frob is not installed" in f.fix and "Check if the frob of -f is correct" in f.fix


def test_a_bare_number_shaped_like_a_code_is_no_code_outside_an_install_or_launch() -> None:
    assert diagnose("HAP size 9568345 bytes\n") is None
    assert diagnose("copied 10104001 bytes in 3 s\n") is None


def test_a_js_error_the_runtime_logged_in_hilog_is_a_crash_with_its_stack() -> None:
    # the ArkTS runtime's "Pending exception … exception details as follows:" then the error and
    # its stack, one hilog line each (tag ArkCompiler, hiviewdfx's own lines)
    f = diagnose(
        "11-15 16:36:21.027  5394  5394 E C03f00/ArkCompiler: [ecmascript] Pending exception "
        "before IsMixedDebugEnabled called in line:1156, exception details as follows:\n"
        "11-15 16:36:21.027  5394  5394 E C03f00/ArkCompiler: TypeError: Cannot read property "
        "name of undefined\n"
        "11-15 16:36:21.027  5394  5394 E C03f00/ArkCompiler:     at onClick "
        "(entry/src/main/ets/pages/Index.ets:20:7)\n"
    )
    assert f is not None and f.kind == "crash" and f.certain
    assert f.location == "entry/src/main/ets/pages/Index.ets:20:7"
    # the app logging an error it may have caught: possibly
    g = diagnose(
        "11-15 16:36:21.027  5394  5394 E A03d00/JSAPP: load failed TypeError: x is not a function\n"
    )
    assert g is not None and g.kind == "crash" and not g.certain


@pytest.mark.parametrize(
    ("log", "kind", "words"),
    [
        ("$ hdc list targets\n[Empty]\n", "no-device", "USB debugging"),
        ("bash: hdc: command not found\n", "hdc", "PATH"),
        ("'hdc' 不是内部或外部命令，也不是可运行的程序\n", "hdc", "PATH"),
    ],
)
def test_hdc_seeing_no_device_or_not_found(log: str, kind: str, words: str) -> None:
    f = diagnose(log)
    assert f is not None and f.kind == kind and words in f.fix


def test_a_real_device_code_left_out_of_the_tables_keeps_its_code_and_the_tools_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Generality: every bm/aa/hdc log of the corpus that carries a code, with that code taken
    out of the tables, still gives the code and the tool's own words (or the fix of a
    documented code with the same words), never a generic remedy."""
    from hmdesk.core.toolchain.hdc import AA_CODES, HDC_FAIL_CODES, INSTALL_CODES

    real = Path(__file__).resolve().parents[2] / "data" / "real_logs"
    tried = 0
    for kind, table in (("bm", INSTALL_CODES), ("aa", AA_CODES), ("hdc", HDC_FAIL_CODES)):
        for path in sorted((real / kind).glob("*.log")):
            text = path.read_text(encoding="utf-8")
            plain = diagnose(text)
            if plain is None or plain.code is None or plain.code not in table:
                continue
            if plain.code not in text:
                continue  # a documented message without its code: the table is all it has
            with monkeypatch.context() as m:
                m.delitem(table, plain.code)
                left = diagnose(text)
            tried += 1
            assert left is not None and left.code == plain.code, path.name
            assert not any(g in left.fix.lower() for g in GENERIC_REMEDIES), path.name
            assert (
                "failed with" in left.fix
                or "refused the HAP" in left.fix
                or "the text of code" in left.fix
            ), path.name
    assert tried >= 40


def test_bm_uninstall_and_aa_stop_failures() -> None:
    u = diagnose(
        "error: failed to uninstall bundle.\ncode:9568386\nerror: uninstall missing installed bundle.\n"
    )
    assert u is not None and (u.kind, u.code) == ("uninstall", "9568386")
    s = diagnose("error: failed to force stop process.\nerror: frob is held.\n")
    assert s is not None and s.kind == "stop" and "frob is held" in s.fix


def test_node_errno_names_are_whole_capital_words() -> None:
    # a class name holding "eConn" (bpta-stability-app-freeze-way, 查看stack信息 case 1) and a
    # symbol holding "reconnect" (rustdesk's bridge library) are no network failure
    rdb = (
        "5. # 03 pc 000000000007ac4c /system/lib64/platformsdk/libnative_rdb.z.so(OHOS::NativeRdb::"
        "SqliteConnectionPool::Container::Release(std::__h::shared_ptr<OHOS::NativeRdb::"
        "SqliteConnectionPool::ConnNode>)+60)(5e8443def4695e8c791e5f847035ad9f)\n"
    )
    for text in (rdb, "rustdesk_bridge_reconnect_session: symbol not found\n"):
        f = diagnose(text)
        assert f is None or f.kind != "network", (f.kind, text)
    f = diagnose(REALISTIC["network/00308018"])
    assert f is not None and f.kind == "network"


def test_the_json5_librarys_parse_error_is_a_configuration_file_that_does_not_parse() -> None:
    # the json5 package's message as hvigor passes it on; ohpm's own stays ohpm's
    f = diagnose("hvigor ERROR: JSON5: invalid character 'e' at 1:1")
    assert f is not None and f.kind == "config" and "export default" in f.fix and "1:1" in f.fix
    ohpm = diagnose("ohpm ERROR: Install failed, detail: JSON5: invalid end of input at 1:1 in x")
    assert ohpm is not None and ohpm.kind == "ohpm-deps"


def test_a_native_stack_pasted_alone_shows_its_top_frame_as_evidence() -> None:
    # a cppcrash's frames copied without the Reason / Fault thread lines above them: no error
    # name or message to show, so the evidence is the top frame (it was ": ")
    text = "\n".join(
        f"#{i:02d} pc 00000000000{i}1a2c /data/storage/el1/bundle/libs/arm64/libfoo.so"
        f"(Foo::step{i}()+{i * 8})"
        for i in range(4)
    )
    found = diagnose(text)
    assert found is not None and found.kind == "crash"
    assert found.evidence.startswith("#00 pc ") and "Foo::step0" in found.evidence
