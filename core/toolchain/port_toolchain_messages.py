"""The messages of the other toolchains developers build HarmonyOS apps with: Flutter for
OpenHarmony's ``flutter doctor`` and its plugins' ArkTS code, and a C/C++ port (Qt for OpenHarmony, a Linux library) meeting
the OHOS clang, its libc++ and musl. Data only.

Sources: the HarmonyOS check of ``flutter doctor`` in OpenHarmony-SIG's flutter_flutter
(``packages/flutter_tools/lib/src/ohos/ohos_doctor.dart``, ``OhosValidator``: the SDK, ohpm,
node and hvigorw, each "missing" with the step to take; ``flutter config --ohos-sdk``); a
plugin's ohos code is compiled from the pub cache against the flutter_ohos HAR of the Flutter SDK
in use (its README: the plugin's branch follows flutter_flutter's); clang's
nesting limits and the option each note names (clang's diagnostics: ``bracket nesting level
exceeded maximum of N`` / ``use -fbracket-depth=N``, ``recursive template instantiation exceeded
maximum depth`` / ``-ftemplate-depth``, ``constexpr evaluation exceeded maximum depth`` /
``-fconstexpr-depth``, ``-fconstexpr-steps``); libc++'s C wrappers (``<cstddef>``, ``<cmath>``)
which ``#include_next`` the C library's headers and break when ``-isystem <sysroot>/usr/include``
puts those ahead of them (the OHOS SDK's ``ohos.toolchain.cmake`` sets ``--sysroot`` only);
musl's documented differences from glibc (glibc's internal ``__pid_t``-style typedefs and the
``s6_addr16``/``s6_addr32`` members are glibc's, POSIX names ``pid_t``, ``s6_addr``); a POSIX
shell (make's ``/bin/sh``, Git Bash, MSYS) reads ``\\`` as an escape, so a Windows path written
with backslashes reaches it as ``C:Program FilesHuawei…``.
"""

from __future__ import annotations

from hmdesk.core.toolchain.signature import Signature

# clang's nesting limits, as its fatal errors word them
_NESTING = (
    r"(?:fatal )?error: (?:bracket nesting level exceeded maximum|recursive template "
    r"instantiation exceeded maximum depth|constexpr evaluation exceeded maximum)"
)
_C_PLACE = r"(?P<location>(?:[A-Za-z]:)?[^\s:]*?[\w.+-]+:\d+:\d+)"

# the kits of every SDK since kits came (API 11): the language's, ArkUI's and the basic services'
_CORE_KITS = (
    r"(?:ArkTS|ArkUI|AbilityKit|BasicServicesKit|ArkData|CoreFileKit|NetworkKit|IPCKit"
    r"|PerformanceAnalysisKit|LocalizationKit|ImageKit|MediaKit|MediaLibraryKit|ArkWeb)'"
)

PORT_TOOLCHAIN_SIGNATURES: tuple[Signature, ...] = (
    # ---- Flutter for OpenHarmony: flutter doctor's HarmonyOS check
    Signature(
        "sdk-home",
        (
            r"\bHarmonyOS Sdk not found\b",
            r"\[[✗x]\] HarmonyOS toolchain - develop for HarmonyOS",
            # the flutter_ohos tool itself, before a build
            r"\bNo Hmos SDK found\b",
        ),
        "flutter doctor finds no HarmonyOS SDK. Install it (DevEco Studio, or the command-line "
        "tools and their sdkmgr), then point Flutter at the SDK path: `flutter config --ohos-sdk "
        "<path>` (DevEco Studio's sdk folder: DevEco-Studio.app/Contents/sdk on macOS), or set DEVECO_SDK_HOME (DevEco Studio's sdk folder) and HOS_SDK_HOME (the "
        "HarmonyOS SDK, e.g. ~/Library/Huawei/Sdk on macOS) in the shell profile flutter runs "
        "from; a bare OpenHarmony SDK (OHOS_SDK_HOME) is not the HarmonyOS SDK it looks for. "
        "Open a new terminal and run flutter doctor -v again.",
        meaning="flutter doctor: HarmonyOS SDK not found",
        terms=("flutter", "DEVECO_SDK_HOME", "HOS_SDK_HOME", "ohos-sdk"),
    ),
    Signature(
        "sdk-missing",
        (r"\b(?P<tool>Ohpm|Hvigorw|Node) is missing, please configure",),
        "flutter doctor cannot run {tool} from PATH: add the command-line tools' (or DevEco "
        "Studio's) tools/ohpm/bin, tools/hvigor/bin and tools/node to PATH, open a new "
        "terminal and run flutter doctor -v again.",
        meaning="flutter doctor: a HarmonyOS tool not on PATH",
        terms=("flutter", "PATH", "ohpm", "hvigorw"),
    ),
    # Dart's process launcher (flutter_tools) finding a tool it may not run: a locally built
    # engine's dart / gen_snapshot without the execute bit, or held back by macOS
    Signature(
        "permission",
        (
            r"Found candidates, but lacked sufficient permissions to e(?:x|xe)cute "
            r"\"(?P<path>[^\"\n]+)\"",
        ),
        "The tool {path} cannot be run: give it (and the other binaries of that folder, e.g. a "
        "locally built engine's out/<target>/ with dart and gen_snapshot) the execute bit, "
        "`chmod -R +x <folder>`; on macOS also allow them in System Settings > Privacy & "
        "Security (or remove the quarantine flag, `xattr -dr com.apple.quarantine <folder>`).",
        meaning="a tool without permission to execute",
        terms=("chmod", "+x", "permission", "flutter"),
    ),
    # ---- a JS library's own TypeScript build (React Native for OpenHarmony's bob/tsc) type-checking
    # the library's harmony/ project: its hvigorfile.ts imports hvigor's packages, which only
    # hvigor provides
    Signature(
        "config",
        (
            r"(?P<location>\S*hvigorfile\.ts:\d+:\d+) - error TS2307: Cannot find module "
            r"'(?P<pkg>@ohos/hvigor[\w-]*)'",
        ),
        "A TypeScript build outside hvigor (the library's tsc, react-native-builder-bob) "
        "type-checks the HarmonyOS project's hvigorfile.ts, whose {pkg} only hvigor provides: "
        'exclude the harmony/ folder from that build ("exclude": ["harmony"] in '
        "tsconfig.build.json, or the tsconfig the builder uses); hvigor itself builds it.",
        meaning="a library's TypeScript build type-checks hvigorfile.ts",
        terms=("tsconfig", "exclude", "hvigorfile.ts", "TS2307"),
    ),
    # ---- a tool run on a HarmonyOS PC (or any system whose /tmp is read-only)
    Signature(
        "permission",
        (r"\bEROFS\b[:,]? read-only file system,? \w+ '(?P<path>/(?:var/)?tmp\b[^'\n]*)'",),
        "The tool writes a temporary file under {path}, on a read-only file system (a HarmonyOS "
        "PC's /tmp is): point the temporary folder at a writable one, `export TMPDIR=$HOME/tmp` "
        "(mkdir -p it first; TMP and TEMP too for tools that read those) in the shell profile "
        "(~/.zshenv for zsh, so every zsh sees it), and run the tool again.",
        meaning="a temporary file on a read-only file system",
        terms=("EROFS", "TMPDIR", "read-only", "/tmp"),
    ),
    # ---- clang's nesting limits (a template or fold expression deeper than the default)
    Signature(
        "native",
        (
            _C_PLACE + r":\s*(?:(?:note|(?:fatal )?error):\s*use -f(?:bracket-depth|"
            r"template-depth|constexpr-depth|constexpr-steps)=N\b|" + _NESTING + ")",
            _NESTING,
        ),
        "clang hit one of its nesting limits (a deep template, fold expression or constexpr "
        "evaluation, e.g. magic_enum on a large enum): raise it for the target that compiles "
        "this file, target_compile_options(<target> PRIVATE -fbracket-depth=1024) in "
        "CMakeLists.txt (the note names the option: -fbracket-depth, -ftemplate-depth, "
        "-fconstexpr-depth or -fconstexpr-steps), or narrow what is expanded (magic_enum's "
        "MAGIC_ENUM_RANGE_MAX).",
        meaning="clang: nesting limit exceeded",
        terms=("clang", "-fbracket-depth", "CMakeLists.txt", "native"),
    ),
    # ---- errors inside the SDK's own libc++ headers: the include order is broken (not the
    # errors a template meets with the app's own types or arguments, which its "in
    # instantiation … requested here" notes trace back to the app's line)
    Signature(
        "native",
        (
            r"(?P<location>(?:[A-Za-z]:)?[^\s:]*?[\\/]c\+\+[\\/]v1[\\/][^\s:]+:\d+:\d+):\s*"
            r"(?:fatal )?error:(?! (?:attempt to use a deleted function|call to deleted|no matching "
            r"(?:function|constructor|member function)|static assertion failed|no type named "
            r"'type'|invalid operands|no viable|cannot (?:convert|initialize)|implicit "
            r"instantiation of undefined))",
        ),
        "The errors are inside the SDK's libc++ headers, which are fine on their own: the C "
        "library's headers were found before libc++'s wrappers (which #include_next them). "
        "Most often an -isystem <sdk>/native/sysroot/usr/include (or include_directories of the "
        "sysroot) was added to the compile command, by a build script or Qt's CMake: remove it "
        "and rely on --sysroot alone (the SDK's ohos.toolchain.cmake sets it); if a toolchain "
        "file of your own adds it, use the SDK's. If the headers of this SDK release still fail, "
        "build with the SDK (API) version the port documents.",
        meaning="libc++ headers broken by the include order",
        terms=("libc++", "-isystem", "--sysroot", "native"),
    ),
    # ---- glibc's own names, which musl (the OHOS C library) does not have
    *(
        Signature(
            "native",
            (_C_PLACE + pattern,),
            "The code uses a glibc-internal name, {name}, that musl (the OHOS C library) does "
            "not have: use the POSIX name instead (pid_t, uid_t, off_t … from <sys/types.h>; "
            "for in6_addr's s6_addr16/s6_addr32 use the byte array s6_addr[16], copying 32-bit "
            "words with memcpy).",
            meaning="a glibc-only name on musl",
            terms=("musl", "glibc", "pid_t", "native"),
        )
        for pattern in (
            r":\s*error: unknown type name '(?P<name>__(?:pid|uid|gid|off|off64|mode|ssize|"
            r"time|suseconds|useconds|socklen|dev|ino|ino64|nlink|blksize|blkcnt|fsblkcnt|"
            r"fsfilcnt|key|clock|id|caddr|daddr|loff|u_quad|quad)_t)'",
            r":\s*error: no member named '(?P<name>s6_addr(?:16|32))' in 'struct in6_addr'",
        )
    ),
    # ---- a kit the SDK the module compiles with does not have (``@kit.X``: a later API
    # version's, or a HarmonyOS kit an OpenHarmony SDK lacks)
    Signature(
        "sdk-version",
        (
            # not a kit every SDK with kits has (API 11 on): that one not found is an import
            # the compiler could not place (inside a function, a test file's setup), whose own
            # error comes first
            r"\bModule '@kit\.(?!" + _CORE_KITS + r")(?P<name>\w+)' not found",
            r"\bCannot find module '@kit\.(?!" + _CORE_KITS + r")(?P<name2>\w+)'",
        ),
        "@kit.{name}{name2} is not in the SDK the module compiles with: the kit came in a later "
        "API version (raise compileSdkVersion in build-profile.json5 and install that SDK), or "
        "it is a HarmonyOS kit an OpenHarmony SDK does not have (build with the HarmonyOS SDK). "
        "If the app must still run on older systems, keep compatibleSdkVersion and guard the "
        "kit's use with canIUse('SystemCapability.…').",
        meaning="a kit missing from the SDK",
        terms=("@kit", "compileSdkVersion", "SDK", "canIUse"),
    ),
    # ---- Python 3.10 dropped the container ABCs' aliases from ``collections``: an older build
    # script (OpenHarmony's hb of its time, a code generator) importing them fails
    Signature(
        "tool",
        (
            r"cannot import name '(?P<name>Mapping|MutableMapping|Sequence|MutableSequence|"
            r"Iterable|Iterator|Callable|Set|MutableSet|Hashable|Sized|Container)' from "
            r"'collections'",
        ),
        "The script was written for Python before 3.10, which moved collections.{name} to "
        "collections.abc: run the tool with the Python version its docs name (a virtual "
        "environment with that python3), or patch its import to `from collections.abc import "
        "{name}`.",
        meaning="an older Python script on Python 3.10+",
        terms=("python", "collections.abc", "Python 3.10"),
    ),
    # ---- Python: a build script importing a package the python3 running it lacks (the
    # import's name and the package's can differ: PyPI's pycryptodome installs Crypto, PyYAML
    # installs yaml, Pillow PIL, opencv-python cv2, protobuf google.protobuf)
    Signature(
        "tool",
        (
            r"\b(?:ModuleNotFoundError|ImportError): No module named '?(?P<name>[\w.]+)'?",
            r"^\s*No module named '(?P<name2>[\w.]+)'",
        ),
        "A Python script of the build imports {name}{name2}, which the python3 running it does "
        "not have: install it for that interpreter (python3 -m pip install <package>, or pip3 "
        "install, in the virtual environment the build uses). The package's name on PyPI can "
        "differ from the import's: Crypto is pycryptodome, yaml is PyYAML, PIL is Pillow, cv2 is "
        "opencv-python, google.protobuf is protobuf. A build that ships its own Python packages "
        "(OpenHarmony's third_party/ copies, a prebuilts python) needs them on its sys.path "
        "instead: run it with the python3 its docs name.",
        meaning="a Python module missing",
        terms=("python3", "pip install", "No module named"),
    ),
    # ---- GCC (a host build, a port's Linux toolchain): a name its headers no longer bring
    # (GCC 13 stopped including <cstdint> from other standard headers)
    Signature(
        "native",
        (
            r"\berror: '(?P<name>u?int(?:8|16|32|64|ptr)_t|u?intmax_t)' (?:was not declared in "
            r"this scope|does not name a type|has not been declared)",
        ),
        "GCC does not know {name}: the source uses it without #include <cstdint> (C: "
        "<stdint.h>), which older GCCs brought in through other standard headers and GCC 13 no "
        "longer does. Add #include <cstdint> to the file (or its header), or build with the GCC "
        "version the project's docs name.",
        meaning="a fixed-width integer type without <cstdint>",
        terms=("cstdint", "GCC 13", "include"),
    ),
    Signature(
        "native",
        (
            r"\berror: '(?P<name>[A-Za-z_][\w:]*)' (?:was not declared in this scope|does not name "
            r"a type|has not been declared)",
        ),
        "GCC does not know {name} where the source uses it: #include the header that declares "
        "it (a newer GCC or another C library brings fewer headers in through others), or "
        "declare it; a name the platform has under another name (a glibc-only one on musl) needs "
        "the portable one.",
        meaning="C/C++ name not declared (GCC)",
        terms=("include", "declared", "GCC"),
    ),
    # ---- the Flutter tool itself crashed (its own exception, a crash report written): in a
    # OpenHarmony project it is most often the SDK's tool older than the project's layout, or
    # stale generated files
    Signature(
        "tool",
        (
            # a ProcessException is a command it ran that failed (hvigorw, ohpm): that
            # command's own error is the cause
            r"\bOops; flutter has exited unexpectedly: (?!\"?ProcessException)\"?(?P<name>[^\n]{0,200})",
        ),
        "The flutter tool crashed ({name}): the crash report it wrote (flutter_NN.log) holds its "
        "stack. In an OpenHarmony project this is most often the tool older than the project "
        "(update the OpenHarmony Flutter SDK, flutter_flutter: git pull on its branch, then "
        "flutter --version) or stale generated files (delete the project's ohos/.ohos build "
        "output, flutter clean, then flutter pub get).",
        meaning="the flutter tool crashed",
        terms=("flutter", "flutter_flutter", "flutter clean"),
    ),
    # ---- the Flutter engine refusing the app's Dart snapshot: built by another engine version
    Signature(
        "crash",
        (r"\bWrong full snapshot version, expected '[0-9a-f]+' found '\w+'",),
        "The Flutter engine in the app refuses its Dart code: the snapshot was built by another "
        "engine version than the one packed (an old flutter_flutter checkout, or an engine cache "
        "left from another version). Update the OpenHarmony Flutter SDK (flutter_flutter) to its "
        "latest commit, delete its bin/cache so the engine is fetched again (with "
        "FLUTTER_STORAGE_BASE_URL pointing at the OpenHarmony engine mirror its README names), "
        "then flutter clean and build the app again.",
        meaning="Flutter engine and Dart snapshot versions differ",
        terms=("flutter", "snapshot", "flutter clean", "bin/cache"),
    ),
    # ---- Dart's pub: two packages want one package from different sources or versions
    Signature(
        "ohpm-deps",
        (r"\bversion solving failed\b",),
        "flutter pub get found no versions that satisfy every package's constraints (the lines "
        "above say which two disagree, e.g. a package from the pub registry against the same "
        "package from git). Pin the package in pubspec.yaml's dependency_overrides (for "
        "OpenHarmony, the ohos fork: path_provider from the flutter_packages git repository, or "
        "path_provider_ohos), or change the version constraint that conflicts, then flutter pub "
        "get again.",
        meaning="Dart pub: version solving failed",
        terms=("pubspec.yaml", "dependency_overrides", "flutter pub get"),
    ),
    # ---- Windows refusing a symbolic link to a user without the privilege (ERROR_PRIVILEGE_NOT_
    # HELD, 1314): git, gclient, npm and pub create symlinks
    Signature(
        "permission",
        (r"\bA required privilege is not held by the client\b", r"客户端没有所需的特权"),
        "Windows refused to create a symbolic link (error 1314: this user lacks the privilege): "
        "turn on Developer Mode (Settings > For developers), which lets any user create "
        "symlinks, or run the command in an administrator terminal; then run it again.",
        meaning="Windows: no privilege to create a symbolic link",
        terms=("symlink", "Developer Mode", "administrator", "Windows"),
    ),
    # ---- GN's check: a target includes a header of a target it does not depend on
    Signature(
        "native",
        (
            r"\bInclude not allowed\.[\s\S]{0,400}?It is not in any dependency of\s+(?P<target>//\S+)"
            r"[\s\S]{0,200}?The include file is in the target\(s\):\s+(?P<dep>//\S+)",
        ),
        "gn check: {target} includes a header of {dep}, which is in none of its dependencies. "
        "Add {dep} to the target's deps (or, in OpenHarmony, the component's external_deps, "
        "such as napi:ace_napi for napi/native_api.h); public_deps when the target's own headers "
        "include it.",
        meaning="gn check: include not allowed",
        terms=("gn check", "deps", "external_deps", "BUILD.gn"),
    ),
    # ---- Rust for OHOS (the Rust platform-support page: *-linux-ohos are tier 2 with a
    # prebuilt std from Rust 1.78; cargo links with the OHOS NDK's clang)
    Signature(
        "native",
        (
            r"does not contain component 'rust-std' for target '(?P<name>[\w-]+-ohos)'",
            r"\bcan't find crate for `(?:std|core)`[\s\S]{0,300}?target `(?P<name2>[\w-]+-ohos)`",
        ),
        "The Rust toolchain has no prebuilt standard library for {name}{name2}: the OHOS "
        "targets ship one from Rust 1.78 (stable). rustup update, then rustup target add "
        "{name}{name2}; on an older (nightly) toolchain, build std yourself: add the rust-src "
        "component and build with cargo build -Z build-std.",
        meaning="no Rust standard library for the OHOS target",
        terms=("rustup", "rust-std", "ohos", "build-std"),
    ),
    Signature(
        "native",
        (r"\berror: linker `(?P<name>[^`\n]+)` not found",),
        "cargo found no linker `{name}` for the target: an OHOS target (aarch64-unknown-linux-ohos, "
        "armv7-…, x86_64-…) links with the OHOS NDK's clang. In .cargo/config.toml set "
        '[target.aarch64-unknown-linux-ohos] linker = "<SDK>/native/llvm/bin/'
        "aarch64-unknown-linux-ohos-clang\" (it finds the NDK's sysroot itself; a plain clang "
        "needs --sysroot=<SDK>/native/sysroot), or set OHOS_NDK_HOME and build with ohrs "
        "(ohos-rs), which sets the linker for you.",
        meaning="cargo has no linker for the target",
        terms=("cargo", "linker", "OHOS_NDK_HOME", "clang"),
    ),
    # ---- GN: a BUILD.gn's assertion that the platform is one it knows (a library's BUILD.gn
    # written for Linux/Android/… meeting current_os = "ohos")
    Signature(
        "native",
        (
            r"Assertion failed\.[^\n]*(?:\n[^\n]*){0,3}?\bUnsupported\b[^\n]*?"
            r"\b(?:OS|platform|target_os|current_os|os)\b",
        ),
        "A BUILD.gn asserted that it knows the target platform, and OHOS is not one of its "
        "branches: the library's BUILD.gn (or its .gni) picks sources and defines by is_linux / "
        "is_android / is_mac …. Add OHOS to the branch that fits it, usually Linux's (is_linux || "
        "is_ohos), in that BUILD.gn, or use the library's OHOS port if there is one.",
        meaning="a BUILD.gn does not know the OHOS platform",
        terms=("BUILD.gn", "is_ohos", "GN", "assert"),
    ),
    # ---- a Windows path whose backslashes a POSIX shell ate
    Signature(
        "native",
        (
            r"\b(?:sh|bash|zsh|dash)(?:\.exe)?: (?:line \d+: )?(?P<path>[A-Za-z]:(?![\\/])"
            r"[^\s:]*(?:~\d|[A-Za-z]{2})[^\s:]*[\\/][^\s:]*): (?:No such file or directory|"
            r"command not found)",
        ),
        "A POSIX shell (make's /bin/sh, Git Bash, MSYS) ran a command whose Windows path was "
        "written with backslashes, and dropped them as escapes: {path}. Run the build from "
        "PowerShell or cmd (mingw32-make there uses cmd), or write the paths in the build's "
        "configuration with forward slashes (C:/Program Files/…; CMake's file(TO_CMAKE_PATH)).",
        meaning="a Windows path read by a POSIX shell",
        terms=("backslash", "PowerShell", "Git Bash", "path"),
    ),
)
