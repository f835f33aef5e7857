"""The doctor on the team's corpus of real logs (``tests/data/real_logs``): nobody here wrote
them; each came verbatim from a public issue, a developer's notes or the official docs and FAQ,
with its expected answer written down before the doctor ran (see ``doctor_eval``).

The figures may not drop below what the code reached when it landed (issue 27): every kind at
100 % said, class, code, location, actionable fix and hilog lines parsed, no confident wrong
class, except the misses pinned in :data:`BELOW_LANDED` (each with why the doctor cannot tell
yet). A log added later that the doctor misses makes this fail until the doctor learns it or the
miss is pinned here with its reason.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from hmdesk.core.cli import main
from hmdesk.core.toolchain.doctor_eval import (
    CorpusError,
    evaluate,
    format_report,
    load_corpus,
    location_right,
)

CORPUS = Path(__file__).resolve().parents[2] / "data" / "real_logs"

# what the code reached when it landed, per kind and metric (right / applicable)
LANDED = 1.0
# (kind, metric) -> (right, applicable) reached, where that is below LANDED:
# (cppcrash/napi-xcomponent-controller-null, a controller broken by another thread, is right
# since its JSXComponentController top frame names that story among others, "possibly".)
# (hdc/device-not-found-E001005, need-connect-key-uv-tests and docs-media-send-create-directory-
# E005005, written down as "hdc", are right since the doctor names every failure hdc reports
# itself ``hdc``, its finer kind in the meaning.)
# (cppcrash/fd-set-fortify-abort-1024, a stack symbolised by hand without pcs, is right since
# such frames are read: ``#04 ConnectTcp   http_client.cpp:190``.)
# The fifth blind batch (27e, 2026-12-05) left five misses after its general rules, each a cause
# its log does not name: bm/uniapp-x86-emulator-alipay-sdk-install-failed (bm printed no
# reason; the FAQ knows it is the alipay SDK's missing x86_64 library), config/
# uniapp-mp-subpackage-path-name (an ASCF toolkit message fixed by a plugin version),
# cppcrash/faq-camera-63-pixelmap-format-buffer (a buffer sized for the wrong PixelMapFormat:
# the stack only shows the copy that overran; since right: the submitter's stack is not read as
# the fault thread's), jscrash/flutter-ohos-run-faq-debug-har-attach-native (a debug flutter.har
# in a release package: three frames, no message; since right: a third-party crash with a
# catch-all cause says what to check in the library, its build mode among it) and jscrash/
# uniapp-release-obfuscation-route-undefined (an obfuscation bug behind a plain TypeError; right
# since batch Y: a release-only "of undefined" names obfuscation, the ArkGuard FAQ's first case).
# (The sixth blind batch's cppcrash/tray-quit-process-exit-unexpected-call, whose signal is in
# the developer's prose, not in a key, is right since a signal named anywhere is the code.)
# Held-out batches H and J (issue 27, 2026-12-06, 88 build logs scored blind, folded in, then
# fixed with general readers) left six build misses, each a cause its log does not print:
# arkts/hippy-4339-ohos-har-demo-missing-api (the first error is a linter rule; that the HAR is
# older than the demo shows only in later errors; since right: the compiler's later messages'
# steps, compiler_messages.py), arkts/notify-slot-addslot-object-10505001
# (the error is quoted inside code comments, apart from its code; its place is in a comment),
# arkts/csdn-134650346-importing-arkts-into-ts-not-allowed (read as the ArkTS checker's; that
# the fix is renaming the .ts file is the FAQ's; since right: the ets-loader's 10311001 family,
# compiler_messages.py), config/windoworientation-2-00303194-har-
# devicetypes (a code named in prose with no message; right since the error-code pages are read:
# a documented code named alone is its page's meaning, "possibly"),
# native/node-ohos-ncrypto-cxx20-operator (a clang diagnostic copied without its ``error:``
# header), paths/wenzhou-00303149-path-case-mismatch (00303149 "Path not found" is read as the
# modules' srcPath check, its usual cause, whose fix names the letter case; written down without
# "config", the kind the corpus's three other 00303149 logs accept: added).
# The seventh blind batch (heldout-I, runtime, 2026-12-06) left after its general rules:
# appfreeze/knowflow-emulator-filepicker-lifecycle-timeout (the file picker's extension times
# out inside one emulator image: the log shows a plain LIFECYCLE_TIMEOUT, the image is the
# cause) and hilog/ide-tool-simulator-shareintent-typeerror (the top frame is in the
# app's own HAR ``@ohos/abilitycommon``, which a scoped name cannot tell from a library).
# Held-out batches L (14 build logs) and M (9 runtime logs), scored blind on eba7773, 2026-12-06,
# were folded in as they came, then taught general rules (test_doctor_heldout_l.py, the bare
# ``DOMAIN/Tag:`` hilog lines and Cangjie crashes): all 23 right.
# Held-out batch K (runtime, 2026-12-06, folded in, then general rules: jemalloc's functions on
# top, a 0x6b address, an uncaught C++ exception in the frames, a thread-safe function called
# after its release, a freeze named above a stack without a signal) left two:
# cppcrash/sqlite3-ohos-7-release-sigabrt-header (the log stops after its Reason line; that
# Flutter's release engine hits the FFI mprotect restriction is only in the repository's other
# threads; the doctor says the frames are cut) and hilog/phoneaccess-normalized-ohmurl-bare-
# continued (bare ArkCompiler lines, each wrapped onto an indented second line), since read: a
# pasted line's deeper-indented continuation joins it, and the loader's ``Cannot find module``
# on a normalized OHMUrl is a crash cause of its own.
# Held-out batch L (14 build logs, scored blind on eba7773, 2026-12-06) was folded in as it came,
# its misses pinned, then taught general rules (test_doctor_heldout_l.py): all 14 right.
# The 23 failing builds cut from hvigor's own debug logs (``buildlog-*``, 2026-12-06) were
# scored blind (class 16/23), then read through build_log.py and general rules: all 23 right;
# 5 more cut after that reader (blind: location 1/3, fix 3/5), then taught: all 28 right.
# Held-out batches N and Q, their crash, freeze and Q's hilog logs (runtime, scored blind on
# 0686c6e, 2026-12-06: crash/freeze cause N 8/17, Q 6/24, Q confident wrong 5/26), folded in, then
# general rules (a headerless stack parked in a wait is a freeze, one with no sign either way only
# "possibly" a crash; system libraries' roles: sqlite's WAL index, ArkUI on a worker thread, JSVM,
# the image and text kits, HWASan; Rust panics, Qt ports' exit, Chromium's ICU data; an assert's
# source line, a symbolised frame's) left five, each a cause its log does not show:
# appfreeze/arkdata-manual-batchinsert-main-thread (a main-thread stack with no freeze header and
# no wait at its top: "possibly" a crash; that one batchInsert converts too much data on the main
# thread is the manual's), cppcrash/qt-ohos-redisview-entry-shim-nullptr-sigsegv (the null object
# came from initSet, two frames below the app's own top frame that faulted),
# hilog/faq-stability-16-jit-off-stuck-splash-hdc (a normal launch log: that a wasm task fails with
# JIT off is the FAQ's), jscrash/mmkv-1305-emulator-api11-initialize (three frames into MMKV's
# initialize, read as possibly a crash at the app's frame: that MMKV needs API 12 is the issue's;
# since right by the library checklist: the API level it supports) and the persistence union mismatch's cause
# (jscrash/faq-stability-61-persistencev2-union-type-mismatch, right by its words, no cause table).
# Held-out batch O (43 build logs, 2026-12-06, folded in, then general rules: test_doctor_heldout_o.py)
# left two fixes, each the source's remedy that its log does not support:
# hvigor/csdn-140590849-hvigor-ohos-plugin-412-compile-sdk-minus-1 (only the plugin's version
# range is printed; that the project's compile SDK read -1 in Project Structure was a screenshot)
# and ohpm/segmentfault-45571168-private-registry-strict-ssl (the log shows a 404 from the
# private registry; that turning strict_ssl off helps is only the answer's, no TLS error is printed).
# Held-out batches N and P's runtime logs (hilog, hdc, bm, aa: 23, 2026-12-06, folded in, then
# general rules: hilog cut to ``E Tag:`` and ``Tag:`` runs, the musl loader's missing library and
# initial-exec TLS, a Rust panic, appspawn's exit code, Vulkan without a driver, a component's own
# advice, hdc's E00C001 / fport / Offline target, bm dump's parameters): all 23 right.
# Held-out batch P's build part (21 logs cut from hvigor's debug logs, 2026-12-06, scored blind on
# d8bc2da: class 17/21, location 16/19, fix 17/21) was folded in, then taught general rules
# (test_doctor_heldout_p.py): all 21 right, no miss left to pin.
# Held-out batches S (36 build logs, hvigor's debug logs) and T's build part (11), scored blind on
# ba37484 (2026-12-06), folded in, then general rules (test_doctor_heldout_s.py) left two, each a
# cause its log does not print: native/rnoh-faq-capi-arch-no-viable-conversion (clang's
# conversion error in a RNOH header: that the C-API build needs RNOH_C_API_ARCH=1 is the FAQ's)
# and native/rustdesk-lld-warn-unresolved-xcb (ld.lld's undefined symbol: that
# --warn-unresolved-symbols does not downgrade it and --unresolved-symbols=ignore-all does is the
# developer's note).
# Held-out batches R and T's crashes and freezes (27, 2026-12-06, scored blind on ba37484: R's
# with the right cause and fix 9/22, T's 2/5) were folded in, then taught the engines' own
# wordings (test_engine_causes.py); three misses stay, each the source's reading that its log
# does not support: appfreeze/render-manual-addcommand-imageknifepro-multithread (a bare stack
# with no freeze header: read as a crash, with the multi-thread cause as "possibly"),
# jscrash/faq-arkui-229-builderparam-this-undefined-not-callable
# (one line, "undefined is not callable": that `this` was lost in a @BuilderParam is the FAQ's)
# and cppcrash/livekit-webrtc-101-camera-orientation-segv (three frame names without pc lines;
# the library's version to roll back to is the issue's).
# Final batches R and T's device logs (bm, hdc, hilog, sdk: 22, 2026-12-06, scored blind on
# ba37484) folded in, then general rules (test_doctor_heldout_rt.py: Android logcat lines of
# ArkUI-X apps, a ``Tag: msg`` paste with stack frames, ArkCompiler's ``Throw error`` stack,
# requireModule failures, ArkUI globals off the UI thread, hdc's and bm's wordings): all 22 right.
# Last blind batches V (35 build logs, mostly cut from hvigor's debug logs) and W's paths log,
# scored blind on 1d1ca4f (2026-12-06), folded in, then general rules (test_doctor_heldout_v.py:
# a path alone on the line after the message, ``At file:`` in the tool's advice, 00302018, ohpm's
# ``configed in`` srcPath, rollup's 'return' outside of function, a generator refusing a path
# outside its working directory) left one, arkts/llmfinetune-rollup-return-outside-function-
# 00305015 (an ArkUI check far down the list under rollup's parse failure), since right: the
# check decides only as the first numbered error (test_doctor_after_split.py).
# Last batches U and W's runtime logs (23, 2026-12-06, scored blind on 1d1ca4f: U's crashes and
# freezes with the right cause and fix 1/5, W's 4/5) folded in, then general rules
# (test_doctor_heldout_uw.py). Left, each needing the doctor's own module (doctor.py, being split)
# or a cause the log does not print: bm/animez-3-emulator-x86-parse-native-so (the named
# ERR_INSTALL_* not carried as the code) and bm/clashbox-65-hdc-install-unsigned-9568320 (the
# install line's HAP not taken as bm's location), since right (test_doctor_after_split.py); the
# deadlock's and the PAC crash's locations (a freeze's top app frame without a symbol; a path with
# a space), and
# jscrash/remotedesk-pip-onsurfacechanged-undefined-not-callable (its stack's location).
# Blind batch Y's cppcrash and appfreeze logs (9) folded in after their general rules
# (test_system_library_causes.py: Image Kit's async work, libuv's requests and handles, the
# main-thread timeout's sampled stack and MAIN_THREAD_JANK); left: cppcrash/zcoder-rust-embed-
# debug-asset-abort (one LastFatalMessage line: that rust-embed read the build machine's path is
# the note's, not the log's).
# Blind batch Z's aa, bm, hdc and signing logs (19, scored blind on c11cd77: said 15/19, fix
# 11/19) folded in after their families' rules (test_doctor_heldout_z_tools.py: DevEco's launch
# and attach messages, the emulator's error codes, the HAP size limit, hdc's file paths): all
# 19 right.
# Batch H's run logs (hcB-*, 18, scored blind on 87cba31: 4 misses and 2 confident wrong)
# folded in, then the families taught (crash/test_gwp_asan.py: GWP-ASan's report;
# test_doctor_run_families.py: hdc's messages without their code, bm's uninstall codes, a place
# named in a note, musl's relocation line): all 18 right;
# bm/hcB-*-9568386 and -9568380, written down as "install", are uninstalls (their sidecars
# corrected: the doctor's kind for bm's uninstall codes is ``uninstall``).
# Batch I (icA-*/icB-*, 19 of its 21, re-collected; scored blind on 87cba31) folded in with the
# error lines' words (log_subject.py): class 19/19; left: config/icA-tailscale-00304064-* prints
# its code bare (no "hvigor ERROR:" before it) and it is not read as hvigor's; the fix of
# hvigor/icA-faq-197-* (the daemon's port, security software), hvigor/icA-stockchat-* (run
# hvigorw, not node on hvigor.js) and native/icA-dotnet-* (.NET's LinkerFlavor lld) are
# families no page the doctor was taught from names.
# Batch J (44 logs scored blind on 1d197c8 and on 144e862e; 43 folded in, the jA-* run logs and
# the build logs named in README.md): many are one line a developer's note quotes without the
# tool's context (``Component placed in wrong place``, ``Bundle name *** does not exist.``,
# ``Failed to start hvigorw``); left: the misses `hmdesk-cli doctor --eval` lists for them, each
# a message no documented page the doctor was taught from names, or a cause (a sandboxed HOME,
# a CI's npm cache mode, a Qt deploy tool's option) the log does not print.
BELOW_LANDED = {
    ("aa", "class"): (61, 62),
    ("aa", "code"): (30, 31),
    ("aa", "actionable"): (58, 62),
    ("appfreeze", "said"): (69, 70),
    ("appfreeze", "class"): (69, 70),
    ("appfreeze", "location"): (14, 19),
    ("appfreeze", "actionable"): (65, 70),
    ("arkts", "said"): (276, 277),
    ("arkts", "class"): (272, 277),
    ("arkts", "code"): (122, 129),
    ("arkts", "location"): (179, 189),
    ("arkts", "actionable"): (254, 277),
    ("bm", "said"): (199, 201),
    ("bm", "class"): (197, 201),
    ("bm", "code"): (143, 144),
    ("bm", "actionable"): (191, 201),
    ("config", "said"): (188, 194),
    ("config", "class"): (183, 194),
    ("config", "location"): (67, 71),
    ("config", "actionable"): (183, 194),
    ("cppcrash", "said"): (201, 208),
    ("cppcrash", "class"): (201, 208),
    ("cppcrash", "code"): (108, 110),
    ("cppcrash", "location"): (101, 107),
    ("cppcrash", "actionable"): (186, 208),
    ("hdc", "said"): (96, 102),
    ("hdc", "class"): (93, 102),
    ("hdc", "code"): (12, 15),
    ("hdc", "actionable"): (92, 102),
    ("hilog", "said"): (273, 351),
    ("hilog", "class"): (170, 276),
    ("hilog", "code"): (60, 78),
    ("hilog", "location"): (20, 22),
    ("hilog", "actionable"): (142, 276),
    ("hilog", "lines"): (1511, 1513),
    ("hilog", "fields"): (326, 344),
    ("hvigor", "said"): (124, 126),
    ("hvigor", "class"): (121, 126),
    ("hvigor", "location"): (18, 21),
    ("hvigor", "actionable"): (117, 126),
    ("java-node", "said"): (52, 54),
    ("java-node", "class"): (51, 54),
    ("java-node", "actionable"): (51, 54),
    ("jscrash", "said"): (178, 179),
    ("jscrash", "class"): (175, 179),
    ("jscrash", "location"): (86, 88),
    ("jscrash", "actionable"): (165, 179),
    ("native", "said"): (131, 137),
    ("native", "class"): (128, 137),
    ("native", "code"): (4, 5),
    ("native", "location"): (37, 42),
    ("native", "actionable"): (117, 137),
    ("ohpm", "said"): (107, 111),
    ("ohpm", "class"): (106, 111),
    ("ohpm", "code"): (23, 24),
    ("ohpm", "location"): (7, 8),
    ("ohpm", "actionable"): (104, 111),
    ("paths", "said"): (53, 57),
    ("paths", "class"): (48, 57),
    ("paths", "code"): (18, 19),
    ("paths", "actionable"): (46, 57),
    ("sdk", "said"): (90, 94),
    ("sdk", "class"): (84, 94),
    ("sdk", "location"): (8, 10),
    ("sdk", "actionable"): (84, 94),
    ("signing", "class"): (96, 97),
    ("signing", "actionable"): (94, 97),
    ("all", "said"): (2273, 2397),
    ("all", "class"): (2132, 2322),
    ("all", "code"): (836, 871),
    ("all", "location"): (625, 665),
    ("all", "actionable"): (2026, 2322),
    ("all", "lines"): (1511, 1513),
    ("all", "fields"): (326, 344),
}
# hilog formats whose written fields are not all met yet: format -> (right, logs)
# bare-spaced-with-comment-lines: hilog/bpta-cppcrash-case2-env-used-after-engine-destroyed, a
# domain written "CO1510" (letter O) that the parser does not take as a hilog domain
# deveco-window: hilog/faq-perf53-pixelmap-shared-memory and faq-perf53-state-changed-during-render
# (blind batch Z) were written down with the whole "process/tag" column as the tag
# (``com.exam...AceStateMgmt``), where the corpus's other window lines of that layout
# (faq-scroll-jank-state-changed-during-render, clashbox-61-…) take the tag alone; the parser keeps
# the corpus's reading, and the two sidecars stay as written
# hdc-time: hilog/ohhilog-readme-loglimit-proc-quota (held-out V, folded in) was written down
# with the process column as printed (none); the parser takes the process the LOGLIMIT marker
# names (``==com.ohos.sceneboard LOGS OVER PROC QUOTA``), as it does for every quota marker
# deveco-window: hilog/q1-faq-media-45-avplayer-5400106-video-resolution (batch QL) prints the
# column as ``C02B2B/com.hua...layerCallback``, a tag elided in its middle with no process part;
# the parser reads the elision as the process's (``...layerCallback`` left as the tag); its
# sibling from the same page, hilog/q1-faq-media-45-avplayer-5400106-container-format (batch QS),
# the same
FIELDS_PINNED: dict[str, tuple[int, int]] = {
    "tag-message": (1, 2),  # JJ's ArcaneKey paste, under LINES_PINNED below
    "deveco-window-elided": (0, 1),  # KK's HiCollie guide line, under LINES_PINNED below
    "bare-spaced-with-comment-lines": (0, 1),
    # FF's ``C04200/com.exa...owSessionImpl`` (the Log window's tag column, elided in its middle)
    # was written down whole as the tag; the parser reads the elision as the process's and keeps
    # ``owSessionImpl``, as it does for the corpus's other elided columns (deveco-window, above)
    "deveco-window-no-time": (2, 3),
    "deveco-window": (26, 30),
    "hdc-time": (21, 22),
    # RL's ArkCompiler line pasted as 'ArkCompiler [Func:50] message' (a tag and a space, no
    # colon): no hilog layout puts a tag before a space alone, and reading the first word of any
    # line as a tag would take a sentence's first word; the line is read, its tag is not
    "tag-space-no-time": (0, 1),
    # V's 'E com.zcoder.studio/Zcoder: message' (a level, then process/tag, nothing else): no
    # hilog or DevEco layout prints it so; the line is read as a message, its columns are not
    "level-process-tag-wrapped": (0, 1),
    # W's Qt knowledge base writes 'E Qt      : message' (a level, a padded tag, a colon): as
    # above, the line is read as a message; and W's TaskPool quote opens with the page's own
    # '//在hilog日志中查找' comment, which the collector did not count as the first log line
    "level-tag-no-time": (0, 1),
    "message-only": (19, 20),
    # X's Flutter engine record as its guide prints it, 'FlutterEngine : Thread :3854… [FATAL:…]'
    # (a space before the tag's colon, as prose writes 'Note : …'): read as a message
    "tag-colon-no-time": (5, 6),
    # X's ArkWeb crashpad lines as its guide shows the Log window, 'pid-30069   I   [crashpad_
    # ohos.cc:254] …' (a process column holding 'pid-N', a level, no time): read as messages
    "process-level-no-time-numbered": (0, 1),
}
# hilog formats whose lines are read otherwise than written: format -> (parsed, written). JJ's
# ArcaneKey paste (hilog/j2-arcanekey-kdf-thread-block) opens with the app's ``[Index] cloudBackup
# started`` under four ``AppDfr: …`` lines: in a paste whose records lead with a tag, a line
# without one is read as the paster's (pasted.columnless), so 4 of its 5, and the line written
# down as its first (that one) is not read
# KK's HiCollie guide line ``.../testTag ... HiCollieTimerNdk CallBack`` (hilog/k3-hicollie-settimer-
# callback): the page elides every column but the tag and the message, each behind ``...``; no
# layout reads a line led by an elision, and a guess at ``.../tag`` would take any path's last part
LINES_PINNED: dict[str, tuple[int, int]] = {"tag-message": (6, 7), "deveco-window-elided": (0, 1)}
# formats whose only sidecar wrote no [expect.fields] (its lines are still counted): HH's VPN
# app's three lines ``[2026-…] message`` (hilog/h1-ssrvpn-zero-nodes-timeout)
NO_FIELDS_WRITTEN = frozenset({"time-message"})
CONFIDENT_WRONG_AT_MOST = 0.0
# (none left: a tool's folder in the user's home refused is read as "permission", dyld's
# code-signature refusal as a native library's load). Pinned, each a class the doctor names
# with the right fix where the collector wrote another: W's GN "Could not read file" (paths:
# native, not permission); Y's DevEco local test code 00522001 (hvigor: the test's source,
# arkts-source, not the test task) and the native debugger's "Attach request timeout" (hdc:
# launch, not the debugger tool's network); Z's two Rollup parse errors in ArkTS files (arkts:
# rollup, where the collector wrote arkts-source alone) and its EPERM on .hvigor's dependencyMap
# (paths: project-path, not permission); GG's Go library that musl's loader refuses for its
# initial-exec TLS (hilog: native, the reading hilog/netbird-go-dlopen-initial-exec-tls was
# written down with, where the collector wrote hilog); GG's Taro "Cannot resolved import
# statement" (config: arkts-source, the build FAQ's page 140 reading, whose fix names Taro's
# useNormalizedOHMUrl too) and an ohos-rs curl error 60 quoted alone (hilog: crash, the class
# jscrash/g-faqs-network-41-https-ssl-peer-certificate, the same message alone, was written
# down with); HH's three Media Library Kit failure-mode logs of a file API's code (hilog: file,
# the file management kit's codes' kind; its collectors' brief offered no "file") and a
# HiAppEvent RESOURCE_OVERLIMIT event (hilog: crash, the class hilog/q2-ohdocs-hiappevent-
# resourceleak-arkts-pss-memory, the same event, was written down with); II's N-API guide line
# "occur exception need return" (hilog: native, as the doctor reads N-API's misuse); JJ's EGL
# bad surface (hilog: native, the doctor's EGL reading, one of the two classes hilog/t3-hybris-port-
# egl-bad-surface-zero-geometry was written down with) and its obfuscated entry file
# (jscrash: config, the srcEntry reading whose fix names -keep-file-name); KK's wukong line "failed
# to connect to AAMS." (hilog: device, the reading of the accessibility service held by another
# test tool that hilog/x1-uitest-guide-aams-connection-exist was written down with)
CONFIDENT_WRONG_PINNED: dict[str, tuple[int, int]] = {
    "arkts": (2, 277),
    "config": (1, 194),
    "hdc": (1, 102),
    "hilog": (9, 276),
    "hvigor": (1, 126),
    "jscrash": (1, 179),
    "paths": (2, 57),
    "all": (17, 2322),
}
# the issue's goals, for the whole corpus
GOALS = {"class": 0.90, "actionable": 0.80, "code": 0.90, "location": 0.85, "lines": 0.98}


@pytest.fixture(scope="module")
def report():  # type: ignore[no-untyped-def]
    return evaluate(CORPUS)


def test_the_corpus_is_large_and_sourced() -> None:
    items = load_corpus(CORPUS)
    assert len(items) >= 2397
    kinds = {kind for _p, kind, _t, _e in items}
    for needed in (
        "arkts",
        "linter",
        "ohpm",
        "signing",
        "sdk",
        "hvigor",
        "native",
        "paths",
        "config",
    ):
        assert needed in kinds
    for needed in ("bm", "hdc", "aa", "jscrash", "cppcrash", "appfreeze", "hilog"):
        assert needed in kinds
    for path, _kind, text, expect in items:
        side = tomllib.loads(path.with_suffix(".toml").read_text(encoding="utf-8"))
        assert side["source"].strip(), path
        assert text.strip(), path
        assert expect.classes or expect.lines, f"{path}: no expected answer"
        if expect.classes:
            assert expect.fix, f"{path}: no words a right fix contains"


def test_no_figure_drops_below_what_it_reached(report) -> None:  # type: ignore[no-untyped-def]
    drops = []
    for row in [*report.rows.values(), report.total]:
        for metric, (right, of) in row.counts.items():
            ratio = right / of
            if metric == "confident_wrong":
                if ratio > CONFIDENT_WRONG_AT_MOST and (right, of) != CONFIDENT_WRONG_PINNED.get(
                    row.kind
                ):
                    drops.append(f"{row.kind} {metric} {right}/{of}")
            elif ratio < LANDED and (right, of) != BELOW_LANDED.get((row.kind, metric)):
                drops.append(f"{row.kind} {metric} {right}/{of}")
    assert not drops, "\n".join(drops) + "\n\n" + format_report(report)


def test_the_goals_of_issue_27(report) -> None:  # type: ignore[no-untyped-def]
    for metric, goal in GOALS.items():
        ratio = report.total.ratio(metric)
        assert ratio is not None and ratio >= goal, (metric, ratio)
    wrong = report.total.ratio("confident_wrong")
    assert wrong is not None and wrong <= 0.03


BUILD_KINDS = (
    "arkts",
    "linter",
    "ohpm",
    "signing",
    "sdk",
    "hvigor",
    "native",
    "paths",
    "config",
    "java-node",
)
# the leave-out check of generality (issue 27): with every message signature that has no code
# removed (TOOL_MESSAGE_, MESSAGE_ and the codeless HVIGOR_SIGNATURES: the one-rule-per-message
# knowledge), the general reader of the tool's own error (tool_errors.py) alone still answers the
# build logs. Reached when it landed (2026-12-06), of 191 build logs: said 181, class 173, fix
# 159, location 50 of 51, code 91 of 91, confident wrong 1; without the general reader the same
# run said 106, class 103, fix 100.
# With held-out batches H and J folded in and read by the general readers (279 build logs): said
# 269, class 255, fix 238, location 65, code 117, confident wrong 3.
# With held-out batch L folded in and its general rules (293 build logs): said 282, class 268, fix
# 249, location 70, code 125, confident wrong 3.
# With the 28 failing builds of hvigor's debug logs (321 build logs): said 310, class 296, fix
# 275, location 91, code 141, confident wrong 3.
# With held-out batch O folded in and its general rules (336 build logs): said 322, class 304, fix
# 281, location 85, code 140, confident wrong 3.
# With both (364 build logs): said 350, class 332, fix 307, location 106, code 156, confident
# wrong 3.
# With held-out batch P's 21 build logs folded in (385 build logs): on d8bc2da's code said 371,
# class 346, fix 321, location 122, code 173, confident wrong 4 (a 00303 code raised by SignHap
# read as the range's config); after its general rules said 371, class 352, fix 327, location
# 125, code 173, confident wrong 3.
# With held-out batches S and T's build part folded in (432 build logs): on ba37484's code said
# 415, class 391, fix 362, location 151, code 196, confident wrong 6; after their general rules
# said 415, class 392, fix 365, location 156, code 198, confident wrong 5 (the new logs' own).
# With the last blind batches V and W's paths log folded in and their general rules (470 build
# logs): said 453, class 429, fix 401, location 187, code 224, confident wrong 5; with an ArkUI
# check under rollup's error deciding only as the first numbered error: fix 402, location 188,
# code 225. hilog/says.py's copy of the loader's "Error relocating …: symbol not found" reading
# was removed (the message signature reads it, so the corpus's own figures are unchanged): with
# the message rules left out, native/servo-musl-ldso-symbol-not-found is no longer said. The
# network class's errno names became whole capital words (``SqliteConnectionPool`` is no
# ECONN…): with the message rules left out native/rustdesk-bridge-symbol-not-found ("reconnect")
# is no longer said (as network, wrongly). With blind batch X's build logs folded in and its
# general rules (487 build logs): said 467, class 443, fix 415, location 199, code 236, confident
# wrong 4. With blind batch Y's linter, arkts and config logs folded in and the linter's rules
# taken from the migration guide (497 build logs): said 477, class 453, fix 424, location 206,
# code 242, confident wrong 4; with Y's signing logs and their general rules as well (500 build
# logs): said 479, class 454, fix 425, location 207, code 243, confident wrong 4.
# With blind batch Z's build and device logs and their family rules (517 build logs): said 494,
# class 469, fix 439, location 213, code 247, confident wrong 4. With batch V's signing logs and
# the signing tools' own error lines (signing_tool_errors.py) and the signature tool's codes
# (520 build logs): said 497, class 472, fix 443, location 213, code 250, confident wrong 4.
# With batch V's arkts and linter logs as well and the compiler's message families
# (compiler_messages.py, the ArkUI reference's checks, the linter's Sendable rules; 525 build
# logs): said 502, class 477, fix 451, location 218, code 255, confident wrong 4.
# With batch V's hvigor, sdk, config and ohpm logs as well and hvigor's, ohpm's and es2abc's
# documented codes and messages (hvigor_codes.py and the others: they stay in, documented codes;
# 532 build logs): said 511, class 489, fix 464, location 218, code 258, confident wrong 2.
# With batch I re-collected and folded in (576 build logs): said 551, class 527, fix 501, location
# 228, code 276, confident wrong 2; with the words of the error lines read when no reader knows
# the message (log_subject.py, "possibly"): said 566, class 543, fix 512, location 229.
# With batch J folded in, TypeScript's error catalogue (tsc_catalogue.py) and ld's -l rules (605
# build logs): said 591, class 566, fix 526, location 229, code 277, confident wrong 2.
# With a compiler message the doctor has steps for read when quoted alone: said 592, class 567, fix 527.
# With batch K folded in (626 build logs): said 612, class 586, fix 546, location 242, code 294,
# confident wrong 3 (K's 00303148, written down as a file, read as hvigor's Configuration Error).
# With clang's and CMake's compiler-check steps and more of the error lines' words: said 613,
# class 587, fix 547. With batch L folded in (640 build logs): said 627, class 601, fix 559,
# location 252, code 308, confident wrong 3.
# With held-out batch M's 11 build logs folded in and its general rules (651 build logs): said
# 637, class 611, fix 568, location 257, code 313, confident wrong 3.
# With held-out batch M2's 20 build logs (the FAQ's quoted errors) folded in and its general
# rules (671 build logs): said 655, class 627, fix 583, location 257, code 313, confident wrong 3.
# With batch G's 21 build logs (the FAQ's quoted errors taught as rules, faq_quoted; 692 build
# logs): said 676, class 648, fix 604, location 257, code 313, confident wrong 3.
# With the sealed batches N and N2 folded in after their final blind score, and their general
# rules (736 build logs): said 714, class 682, fix 632, location 264, code 318, confident
# wrong 4 (N2's es2abc dlopen log, written down as native, read as the es2abc rule's sdk-home).
# With the last sealed batch P folded in after its blind score, and its general rules (757 build
# logs): said 731, class 695, fix 644, location 274, code 328, confident wrong 5 (P's 00302037,
# written down as config/hvigor-task, is hvigor-env in the table and the corpus).
# With restool's documented codes (restool_codes.py, P's two resource logs): said 733, class 698,
# fix 648, code 331. With DevEco Studio's Previewer notices (previewer_notices.py, P's three): said
# 735, class 701, fix 651.
# With batch QL (the learning half of batch Q, 35 logs, 11 of them builds) folded in with its
# general rules (768 build logs): said 746, class 712, fix 661, location 276, code 331, confident
# wrong 5; with runtime_messages.py's rows left out as well (a native module's unresolved
# import, Node's uncaught exception in a package, hap-sign-tool's and Kotlin/Native's own
# lines): said 743, class 708, fix 657, location 275.
# With batch QS (the sealed half of batch Q, 33 logs, 13 of them builds) folded in after its
# blind score, and its general rules (781 build logs): said 757, class 719, fix 667, location
# 276, code 331, confident wrong 5.
# With Node's header place given its stack's column and a ReferenceError in the project's own
# Node script (QS's two Taro logs): fix 668, location 278.
# With this session's general build readers (the code pattern's new forms, hvigor's documented
# messages quoted alone by code, a tool's home folder refused, 2026-12-07): said 760, class 728,
# fix 683, location 279, confident wrong 1.
# With batch RL (the learning half of batch R, 36 logs, 24 of them builds) folded in with its
# general rules (805 build logs): said 783, class 748, fix 702, location 284, code 334.
# With batch RS (the sealed half of batch R, 38 logs, 21 of them builds) folded in after its
# blind score (826 build logs): said 802, class 761, fix 714, location 285, code 335.
# With npm's missing version, the loader's namespace refusal and hvigor's JavaScript failing
# above the compiler's coded error (RS's misses, read as families): said 803, class 763, fix 716,
# code 336.
# With batch T (68 logs, 47 of them builds) folded in after its blind score, and the general
# rules its misses taught (873 build logs): said 850, class 808, fix 754, location 289, code 342.
# With batch U (39 logs, 28 of them builds) folded in after its blind score, and the general
# rules its misses taught (901 build logs): said 875, class 829, fix 770, location 291, code 343;
# ohpm's local-package message read by its code's row (00617202) without the code: fix 771.
# With clang's catalogue (a C/C++ message quoted without its place; its families' remedies):
# said 876, class 834, fix 775.
# With batch W (60 logs, 25 of them builds) folded in after its blind score, and the general
# rules its misses taught (980 build logs): said 939, class 885, fix 811, location 299, code 352;
# confident wrong 2: W's GN "Could not read file" in a system build, read as GN's (native) where
# the collector wrote the cause's class (permission). The PreviewArkTS log's sidecar corrected
# from a later version of its source (its fix is -p buildRoot=.preview, a message rule): fix 810.
# With batch V (71 logs, 54 of them builds) folded in after its blind score, and the general
# rules its misses taught (955 build logs): said 918, class 867, fix 799, location 292, code 346.
# With batch X (71 logs, 41 of them builds) folded in after its blind score, and the general
# rules its misses taught (1021 build logs): said 970, class 910, fix 832, location 300, code 353.
# With batch Y (44 logs, 35 of them builds) folded in after its blind score (1056 build logs):
# said 1000, class 939, fix 859, location 309, code 364; confident wrong 3, Y's DevEco local test
# code 00522001 (an unregistered test function in List.test.ets) read as the test's source
# (arkts-source) where the collector wrote the test task's classes.
# With batch Z (43 logs, 35 of them builds) folded in after its blind score (1089 build logs):
# said 1031, class 966, fix 882, location 321, code 372; confident wrong 4, Z's Windows EPERM on
# .hvigor's dependencyMap (read as the project folder's, project-path, where the collector wrote
# permission).
# With batch AA (27 logs, 16 of them builds) folded in after its blind score (1105 build logs):
# said 1046, class 981, fix 897, location 323, code 373. With batch BB (39 logs, 20 of them
# builds from committed hvigor debug logs) folded in after its blind score (1125 build logs):
# said 1066, class 1001, fix 916, location 328, code 382. With batch CC (37 logs, 17 of them
# builds from committed hvigor debug logs) folded in (1142 build logs): said 1083, class 1018,
# fix 933, location 344, code 389. With batch DD (20 logs, 7 of them builds) folded in (1149
# build logs): said 1089, class 1024, fix 939, location 349, code 392. With batch EE (23 logs, 12
# of them builds) folded in (1161 build logs): said 1101, class 1036, fix 950, location 356,
# code 396. With batch FF (15 logs, 10 of them builds) folded in (1171 build logs): said 1111,
# class 1046, fix 960, location 365, code 403. With batch GG (25 logs, 15 of them builds)
# folded in (1186 build logs): said 1126, class 1060, fix 974, location 375, code 413; its
# SignHap log (no Java runtime) showed the general reader taking hvigor's Cangjie notice, then an
# ArkTS warning, for a signing failure's cause (both no longer: a fifth confident wrong). With
# GG's second part (15 logs from frameworks' docs, 10 of them builds) folded in (1196 build
# logs): said 1132, class 1064, fix 978, location 376, code 413; its fifth confident wrong is
# the doctor's too (Taro's "Cannot resolved import statement": the build FAQ's arkts-source
# reading, which names Taro's cause, useNormalizedOHMUrl, where the collector wrote config).
# With batch HH (54 logs, 28 of them builds) folded in (1224 build logs): said 1155, class 1082,
# fix 993, location 386, code 423.
LEAVE_OUT_REACHED = {"said": 1155, "class": 1082, "actionable": 993, "location": 386, "code": 423}
LEAVE_OUT_CONFIDENT_WRONG = 5


def test_the_general_reader_answers_build_logs_without_the_message_rules(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from hmdesk.core.toolchain import signature_table
    from hmdesk.core.toolchain.build_signatures import HVIGOR_SIGNATURES, TOOL_MESSAGE_SIGNATURES
    from hmdesk.core.toolchain.message_signatures import MESSAGE_SIGNATURES

    rules = {
        id(s)
        for s in TOOL_MESSAGE_SIGNATURES
        + MESSAGE_SIGNATURES
        + tuple(s for s in HVIGOR_SIGNATURES if not s.code)
    }
    rows = [c for c in signature_table.ROWS if id(c[0]) not in rules]
    monkeypatch.setattr(signature_table, "ROWS", rows)
    report = evaluate(CORPUS)
    logs = sum(report.rows[k].logs for k in BUILD_KINDS if k in report.rows)
    got = {
        m: sum(report.rows[k].counts.get(m, [0, 0])[0] for k in BUILD_KINDS if k in report.rows)
        for m in (*LEAVE_OUT_REACHED, "confident_wrong")
    }
    assert logs >= 1224
    for metric, reached in LEAVE_OUT_REACHED.items():
        assert got[metric] >= reached, (metric, got)
    assert got["confident_wrong"] <= LEAVE_OUT_CONFIDENT_WRONG, (got, logs)


def test_every_pasted_hilog_format_parses_into_the_written_fields(report) -> None:  # type: ignore[no-untyped-def]
    # issue 27: hilog lines parsed >= 98 % in every format; the one line per log whose fields
    # were written down before the parser ran comes out with exactly those fields
    assert {
        "hdc-time",
        "hdc-nsec",
        "hdc-epoch",
        "deveco-window",
        "bare",
        "simulator-hdc-time",
        "time-level-no-pid",
        "deveco-window-elided-pid",
        "deveco-window-wrapped",
        "pid-tid-slash-process",
        "domain-tag-only",
        "tag-colon-no-time",
        "message-only",
    } <= set(report.formats)
    for fmt, row in report.formats.items():
        lines = row.ratio("lines")
        if fmt in LINES_PINNED:
            assert tuple(row.counts["lines"]) >= LINES_PINNED[fmt], (fmt, row.counts)
        else:
            assert lines is not None and lines >= 0.98, (fmt, row.counts)
        if fmt in NO_FIELDS_WRITTEN:
            assert "fields" not in row.counts, (fmt, row.counts)
        elif fmt in FIELDS_PINNED:
            assert tuple(row.counts["fields"]) >= FIELDS_PINNED[fmt], (fmt, row.counts)
        else:
            assert row.ratio("fields") == 1.0, (fmt, row.counts, format_report(report))


def test_crash_and_freeze_cards_name_a_cause(report) -> None:  # type: ignore[no-untyped-def]
    faults = [o for o in report.outcomes if o.kind in ("jscrash", "cppcrash", "appfreeze")]
    assert len(faults) >= 20
    with_cause = [
        o for o in faults if o.finding is not None and "No known cause" not in o.finding.fix
    ]
    # 107 of 109 when the sixth blind batch landed (2026-12-05); 119 of 127 when the seventh
    # (heldout-I) was folded in, 127 of 127 after its general rules (2026-12-06); 133 of 133
    # with held-out batch M (Cangjie crashes, an APMS freeze) folded in; 137 of 139 when batch K
    # was folded in, 139 of 139 after its general rules; 183 of 186 with batches N and Q folded
    # in and their general rules (174 of 186 when they were folded in); 211 of 213 with batches R
    # and T's crashes and freezes folded in and the engines' own wordings (.crash.engines); 220 of
    # 223 with batches U and W folded in, 221 after their general rules; 229 of 231 with batch
    # X's JS crashes folded in after their general rules; 238 of 240 with its native crashes and
    # freezes folded in after theirs; 247 of 249 with batch Y's native crashes and freezes
    # folded in after their general rules; 263 of 265 with batch Z's native crashes folded in
    # after their general rules (the sanitizers' report kinds, the JSVM FAQ's crashes); 305 of 309
    # with the frames read for who called abort(), a recursion, an access off a buffer's end and
    # a system API's own throw (crash/native_frames.py, crash/js_frames.py); 323 of 326 with
    # batch QS's folded in after its general rules (HiCollie's APP_HICOLLIE event a freeze)
    assert len(with_cause) / len(faults) >= 0.95
    assert len(with_cause) >= 386


# the crash and freeze reports' leave-out check of generality: with every signature of
# crash.explain.CAUSES left out but the catch-alls (the engines', the JS and native tables: one
# rule per wording), the structural reading of the fault log (crash/structure.py and the readers
# under it: the signal and its code, the fault address, who called abort(), the top frames'
# library, a sanitizer's report, the JS error's name and code, the system API that threw, a
# freeze's blocking frame) still gives the right cause and fix on this many. 195 of 309 before
# the frames' readers (2026-12-07), 203 with them, 209 with a memory fault in the JS engine's
# own code read as its objects misused, 213 with one advice for a third-party library's crash;
# 221 of 318 with batch QL's crashes folded in after its rules; 222 with musl's initial-exec TLS
# message read quoted bare; 223 with a Chinese page's fault log fields read as the log's keys;
# 225 with a main thread's stack dumped under its Tid line, no signal, read as possibly a freeze;
# 232 of 326 with batch QS's crashes and freezes folded in after its rules; 281 of 404 with
# batches AA and BB folded in (2026-12-07, fifth session: the pin raised to what it reaches).
LEAVE_OUT_CAUSES = 281


def test_the_structural_reading_answers_crashes_without_the_signatures(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from hmdesk.core.toolchain import fault_text

    monkeypatch.setattr(
        fault_text, "CRASH_CAUSES", tuple(c for c in fault_text.CRASH_CAUSES if c.fallback)
    )
    report = evaluate(CORPUS)
    kinds = [report.rows[k] for k in ("jscrash", "cppcrash", "appfreeze")]
    right = sum(r.counts["actionable"][0] for r in kinds)
    assert sum(r.counts["actionable"][1] for r in kinds) >= 326
    assert right >= LEAVE_OUT_CAUSES, right


def test_the_cli_prints_the_table_and_the_misses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    kind = tmp_path / "bm"
    kind.mkdir()
    (kind / "a.log").write_text(
        "error: failed to install bundle.\ncode:9568347\nerror: install parse native so failed.\n"
    )
    (kind / "a.toml").write_text(
        'source = "test"\n[expect]\nclass = "install"\ncode = "9568347"\nfix = ["abiFilters"]\n'
    )
    (kind / "b.log").write_text("something nobody knows\n")
    (kind / "b.toml").write_text('source = "test"\n[expect]\nclass = "install"\nfix = ["x"]\n')
    assert main(["doctor", "--eval", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "bm" in out and "1/2 50%" in out and "Misses (1):" in out and "bm/b.log: nothing" in out
    assert main(["doctor", "--eval", str(tmp_path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["all"]["class"] == [1, 2] and data["misses"] == ["bm/b.log"]


def test_a_bad_corpus_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "x.log").write_text("text\n")
    with pytest.raises(CorpusError, match="no sidecar"):
        evaluate(tmp_path)
    assert main(["doctor", "--eval", str(tmp_path)]) == 2
    assert "no sidecar" in capsys.readouterr().err
    (tmp_path / "x.toml").write_text("source = [\n")
    with pytest.raises(CorpusError, match=r"x\.toml"):
        evaluate(tmp_path)
    with pytest.raises(CorpusError, match="not a folder"):
        evaluate(tmp_path / "missing")


@pytest.mark.parametrize(
    ("sidecar", "said"),
    [
        # batch AA's collector wrote a hilog paste's format and lines above [expect]: they
        # were silently not scored
        (
            'source = "s"\nformat = "hdc-time"\nlines = 3\n[expect]\nclass = "hilog"\nfix = ["x"]\n',
            "format, lines belong under \\[expect\\]",
        ),
        ('source = "s"\n[expect]\nclass = "hilog"\nfixes = ["x"]\n', "unknown key.*fixes"),
        # and its pids as strings, which never equal the parsed number
        (
            'source = "s"\n[expect]\nlines = 1\n[expect.fields]\npid = "3224"\n',
            "pid must be a number",
        ),
        ('source = "s"\n[expect]\nlines = 1\n[expect.fields]\nthread = "x"\n', "thread"),
    ],
)
def test_a_sidecar_out_of_shape_is_a_clear_error(tmp_path: Path, sidecar: str, said: str) -> None:
    (tmp_path / "x.log").write_text("text\n")
    (tmp_path / "x.toml").write_text(sidecar)
    with pytest.raises(CorpusError, match=said):
        evaluate(tmp_path)


def test_location_right_compares_the_tail_of_the_path() -> None:
    assert location_right(
        "C:/u/p/entry/src/main/ets/pages/Index.ets:7:13", "entry/src/main/ets/pages/Index.ets:7:13"
    )
    assert location_right("E:\\p\\entry\\src\\main\\ets\\a.ets:1:2", "entry/src/main/ets/a.ets:1:2")
    assert not location_right("entry/src/main/ets/a.ets:2:2", "entry/src/main/ets/a.ets:1:2")
    assert not location_right(None, "a.ets:1")
