"""The signatures of a native (C/C++) build, read from the message text: GN and CMake, the
compiler's errors, a library built for another toolchain or libc, and the link step with the
native build's configuration (:data:`NATIVE_LINK_SIGNATURES`, hvigor's table's rows). Data
only."""

from __future__ import annotations

from hmdesk.core.toolchain.signature import Signature

# the native build's generators (GN, CMake)
NATIVE_BUILD_SIGNATURES: tuple[Signature, ...] = (
    # the system's out-of-memory killer stopping a compiler or linker (the shell's "Killed" on a
    # line of its own, gcc/clang's driver naming the program it lost)
    Signature(
        "native",
        (
            r"^\s*(?:\S+: line \d+: +\d+ )?Killed(?: +\S.*)?\s*$",
            r"\bKilled signal terminated program (?P<name>\S+)",
            r"\b(?:clang|gcc|g\+\+|c\+\+|ld(?:\.lld)?)(?:\+\+)?: (?:fatal )?error: unable to "
            r"execute command: Killed",
        ),
        "A compiler or linker of the build was killed{name} — by the system's out-of-memory "
        "killer, most often: the machine (or the VM or container) ran out of RAM. Give it more "
        "memory or swap (a system image build needs 16 GB or more), or run fewer jobs at once "
        "(ninja -j, make -j, the build's thread count), then build again; `dmesg | grep -i "
        "oom` shows the kill.",
        meaning="a build process killed (out of memory)",
        terms=("Killed", "memory", "swap", "-j"),
    ),
    # OpenHarmony's system build (hb / build.sh) reporting a failure in its own block:
    # ``[OHOS ERROR] Code: 4000`` … ``Reason: …`` … ``Solution: …``
    Signature(
        "native",
        (
            r"\[OHOS ERROR\]\s*Code:\s*(?P<code>\d{3,5})\b(?:[^\n]*\n){1,6}?[^\n]*\[OHOS ERROR\]\s*"
            r"Reason:\s*(?P<name>\S[^\n]*)",
            r"\[OHOS ERROR\]\s*Reason:\s*(?P<name2>\S[^\n]*)",
        ),
        "OpenHarmony's system build (hb, build.sh) stopped: {name}{name2}. hb prints its error's Code, "
        "Reason and Solution in this block; for a compile failure (code 4000, ninja) the first "
        "error is in out/<product>/error.log and the whole output in out/<product>/build.log. "
        "Build on the host the build's docs name (Ubuntu 20.04/22.04 with its prerequisites "
        "installed: build/prebuilts_download.sh, the apt packages the docs list), not as root "
        "unless the docs ask for it, and with enough memory.",
        meaning="OpenHarmony's system build failed",
        terms=("hb", "build.sh", "error.log", "OHOS ERROR"),
    ),
    # GN (OpenHarmony's build): a variable set in a scope nothing reads
    Signature(
        "native",
        (r"ERROR at (?P<location>//\S+?:\d+(?::\d+)?): Assignment had no effect",),
        "GN treats a variable assigned but never read in that scope as an error: remove the "
        "assignment at the place named (a template ignores it there, e.g. a field that another "
        "field already decides), or use the variable.",
        meaning="GN: assignment had no effect",
        terms=("GN", "BUILD.gn", "assignment"),
    ),
    # CMake: a source file CMakeLists.txt lists does not exist
    Signature(
        "native",
        (
            r"CMake Error at (?P<location>\S+?:\d+)[^\n]*\n\s*Cannot find source file:?\s*\n?"
            r"\s*(?P<path>\S+)",
        ),
        "A source file CMakeLists.txt lists does not exist: {path}. Fix its path in "
        "CMakeLists.txt at the place named; a path that starts at '/' where a folder should come "
        "is built from a CMake variable that is empty: define that variable as the "
        "library's docs say, before the library's CMakeLists.txt is added.",
        meaning="CMake: cannot find a source file",
        terms=("CMake", "CMakeLists.txt", "target_sources"),
    ),
)

# the C/C++ compiler's errors
NATIVE_COMPILE_SIGNATURES: tuple[Signature, ...] = (
    # messages without a code that the held-out batch 27e showed (uni-app's HarmonyOS FAQ, the
    # ohpm/hvigor docs, developers' notes): each decides its own remedy
    # a Qt CamelCase forwarding header (<QtModule/QClassName>) the Qt the build uses does not
    # ship: an older Qt for OpenHarmony has only the lower-case .h files of some modules
    Signature(
        "native",
        (
            r"(?<!\S)(?P<location>\S+\.(?:h|hh|hpp|cc|cpp|cxx|mm):\d+:\d+): fatal error: "
            r"'(?P<header>Qt\w+/Q[A-Z]\w+)' file not found",
        ),
        "{header} is a Qt CamelCase forwarding header (included at {location}) that the Qt this "
        "build uses does not ship (an older Qt for OpenHarmony has only the lower-case headers "
        "of some modules): include the lower-case header it forwards to (<QtModule/qclassname.h>), "
        "or build against the Qt that has it (CMAKE_PREFIX_PATH / Qt5_DIR / Qt6_DIR, the Qt SDK "
        "DevEco's build is given).",
        meaning="a Qt CamelCase header is not found",
        terms=("Qt", "CMAKE_PREFIX_PATH", "header", "native"),
    ),
    Signature(
        "native",
        (
            r"(?<!\S)(?P<location>\S+\.(?:h|hh|hpp|c|cc|cpp|cxx|m|mm):\d+:\d+): fatal error: "
            r"'(?P<header>[^']+)' file not found",
        ),
        "A C/C++ header is not on the native build's include path: {header} (included at "
        "{location}). Add its directory with target_include_directories in CMakeLists.txt, or "
        "install/upgrade the package (HAR, ohpm) that ships it; a header of a dependency means "
        "its version does not match the one the project is built with.",
        meaning="a header file is not found",
        terms=("CMakeLists.txt", "include", "header", "native"),
    ),
    # a name defined twice in one translation unit (clang's "redefinition of 'X'"; the note
    # after it says where the first definition is): a header that now defines it (inline,
    # constexpr) and a source that still does, or a header included twice without a guard
    Signature(
        "native",
        (
            r"(?<!\S)(?P<location>\S+\.(?:h|hh|hpp|c|cc|cpp|cxx|m|mm):\d+:\d+): error: "
            r"redefinition of '(?P<name>[^'\n]+)'",
        ),
        "{name} is defined twice (at {location} and where the note after it says): remove the "
        "duplicate definition and keep one, e.g. the source file's copy of a constant a header "
        "now defines (inline / constexpr), or declare it extern in the header and define it in "
        "one source file; a header included twice needs #pragma once or an include guard.",
        meaning="a name defined twice",
        terms=("redefinition", "duplicate definition", "native"),
    ),
)

# a C/C++ library meeting another compiler mode, toolchain or libc
NATIVE_TOOLCHAIN_SIGNATURES: tuple[Signature, ...] = (
    # C++20 code compiled under an older standard: clang reads its keywords and operator<=> as
    # something else
    Signature(
        "native",
        (
            r"'operator<='\s*cannot be the name of a variable or data member|"
            r"unknown type name '(?:concept|consteval|constinit|char8_t)'|"
            r"use of undeclared identifier '(?:co_await|co_yield|co_return)'",
        ),
        "The code is C++20 (operator<=>, concepts, consteval, coroutines) and is compiled under "
        "an older standard: set CMAKE_CXX_STANDARD 20 (with CMAKE_CXX_STANDARD_REQUIRED ON) in "
        "CMakeLists.txt, or pass -std=c++20 / -std=gnu++20 (target_compile_options, or cppFlags "
        "in build-profile.json5's externalNativeOptions); a project that sets an older -std "
        "itself must raise it.",
        meaning="C++20 code under an older -std",
        terms=("C++20", "-std", "CMAKE_CXX_STANDARD", "native"),
    ),
    # -fshort-wchar makes wchar_t 16-bit, the SDK's musl headers declare it 32-bit
    # (faqs-compiling-and-building-59: <stddef.h> fails)
    Signature(
        "native",
        (
            r"(?P<location>\S+\. ?\w+:\d+:\d+): error: typedef redefinition with different "
            r"types \(.unsigned short. vs .unsigned int.\)",
        ),
        "wchar_t is declared 16-bit by -fshort-wchar and 32-bit by the SDK's musl headers: "
        "remove -fshort-wchar from the compile options (target_compile_options / "
        "CMAKE_C_FLAGS in CMakeLists.txt, cppFlags in build-profile.json5); code that needs "
        "16-bit characters uses char16_t.",
        meaning="-fshort-wchar against the SDK's wchar_t",
        terms=("-fshort-wchar", "wchar_t", "CMakeLists.txt"),
    ),
    # clang told to link with a linker the SDK's LLVM toolchain does not have (it ships lld)
    Signature(
        "native",
        (r"invalid linker name in argument '-fuse-ld=(?P<linker>[\w.-]+)'",),
        "The link step asks clang for the linker {linker}, which the OpenHarmony SDK's LLVM "
        "toolchain does not ship: it links with lld. Pass -fuse-ld=lld (or drop -fuse-ld) "
        "where the flag comes from: CMAKE_EXE_LINKER_FLAGS / CMAKE_SHARED_LINKER_FLAGS or "
        "target_link_options, a build system's linker setting (.NET NativeAOT's ILCompiler: "
        "<LinkerFlavor>lld</LinkerFlavor> in the project file).",
        meaning="a linker the SDK's toolchain does not have",
        terms=("-fuse-ld=lld", "lld", "linker", "native"),
    ),
    # React Native for OpenHarmony built without its C-API architecture (its build FAQ,
    # RNOH_CAPI_ARCH): the C-API node factory's return type does not compile
    Signature(
        "native",
        (
            r"(?P<location>\S+\.(?:h|hpp|cpp):\d+:\d+): error: no viable conversion from "
            r"returned value of type 'std::nullptr_t' to function return type "
            r"'std::pair<ArkUI_NodeHandle, napi_ref>'",
        ),
        "React Native for OpenHarmony's C-API code is built without its C-API architecture: set "
        "the environment variable RNOH_C_API_ARCH=1 (or set(RNOH_C_API_ARCH 1) in the "
        "CMakeLists.txt), restart DevEco Studio, delete the module's .cxx folder or Clean "
        "Project, and build again.",
        meaning="RNOH built without RNOH_C_API_ARCH",
        terms=("RNOH_C_API_ARCH", "React Native", "CMakeLists.txt"),
    ),
    # clang in strict ANSI mode (-std=c++NN) on a C header that uses C99's _Bool (JSVM-API's)
    Signature(
        "native",
        (r"error: unknown type name '\\?_Bool'",),
        "-std=c++NN puts clang in strict ANSI mode, where C99's _Bool (used by the C headers "
        "included, e.g. JSVM-API's) is unknown: compile with -std=gnu++NN (or leave the default), "
        "or add -U__STRICT_ANSI__ (CMAKE_CXX_FLAGS / target_compile_options in CMakeLists.txt).",
        meaning="_Bool unknown under strict ANSI C++",
        terms=("-std=gnu++", "__STRICT_ANSI__", "CMakeLists.txt"),
    ),
    # a MinGW (dllexport) build: the export macro on a definition but not on its declaration
    Signature(
        "native",
        (
            r"(?P<location>\S+\.(?:cpp|cc|cxx|h|hpp):\d+:\d+):\s*\n?\s*error: redeclaration of "
            r"'(?P<name>[^'\n]+)' cannot add 'dllexport' attribute",
            r"redeclaration of '(?P<name2>[^'\n]+)' cannot add 'dllexport' attribute",
        ),
        "The export attribute (dllexport, through the project's export macro) is on a later "
        "declaration or the definition but not on the first declaration: put the export macro "
        "on the declaration in the header (the class or member's first declaration), not only "
        "where it is defined.",
        meaning="dllexport added on a redeclaration",
        terms=("dllexport", "export macro", "declaration"),
    ),
    # musl's loader: a C++ runtime symbol an old libc++_shared.so lacks
    Signature(
        "native",
        (r"symbol not found,? s=(?P<symbol>__emutls_get_address|__cxa_\w+|_ZNSt\w+)",),
        "The app's native library needs a C++ runtime symbol ({symbol}) the packaged "
        "libc++_shared.so does not have: the library (or a HAR's .so) was built with a newer "
        "SDK/NDK than the libc++_shared.so packaged with it. Build every native library and HAR "
        "with the same SDK version and package that SDK's libc++_shared.so (rebuild, then "
        "Clean Project).",
        meaning="libc++_shared.so older than the library",
        terms=("libc++_shared.so", "SDK", "HAR", "symbol not found"),
    ),
    # the dynamic loader (glibc's and musl's words): the copy of a library found first is another
    # build than the one the program was linked against
    Signature(
        "native",
        (r"version [`'](?P<version>[^'`\n]+)' not found",),
        "The library providing {version} that the loader found first is another (older) build "
        "than the program was linked against: check LD_LIBRARY_PATH (put the folder of the "
        "right library first, e.g. /usr/lib before a tool's bundled copy, or unset it for that "
        "program) and see which copy is loaded with `ldd <program>`.",
        meaning="a library version the loaded copy does not have",
        terms=("LD_LIBRARY_PATH", "version", "ldd", "native"),
    ),
    # LLVM's option parser: a -mllvm (or linker plugin) option this SDK's LLVM does not have, from
    # a build file written for another toolchain (the GN toolchain guide's WebRTC port)
    Signature(
        "native",
        (r"Unknown command line argument '(?P<arg>-[^'\n]+)'",),
        "The SDK's LLVM does not know the option {arg}: a build file written for another "
        "toolchain (a project's own clang) passes it, usually with -mllvm. Remove it from the "
        "compiler or linker flags where it is set (BUILD.gn cflags/ldflags in GN, "
        "CMAKE_C_FLAGS / target_compile_options in CMake), or guard it for the OHOS toolchain.",
        meaning="an LLVM option the SDK's LLVM does not have",
        terms=("LLVM", "-mllvm", "BUILD.gn", "native"),
    ),
)

# the link step and the native build's configuration as hvigor's native tasks show them: the
# linker's undefined symbols and libraries, the compiler driver's flags, CMake's compiler check
# and find_package; rows spliced into
# :data:`hmdesk.core.toolchain.build_signatures.HVIGOR_SIGNATURES` in order
NATIVE_LINK_SIGNATURES: tuple[Signature, ...] = (
    # the linker found no definition of a symbol (ld.lld, the NDK's linker; its message quoted
    # alone in a developer's words too, as the NDK FAQ does)
    Signature(
        "native",
        (r"(?:ld\.lld: error: )?\bundefined symbol: (?P<symbol>[A-Za-z_]\S*)",),
        "The linker found no definition of {symbol}: link the library that defines it to the "
        "target that uses it in CMakeLists.txt (target_link_libraries; N-API napi_* is in "
        "libace_napi.z.so, OH_LOG_* in libhilog_ndk.z.so). A shared library must link its own "
        "dependencies: objects taken with $<TARGET_OBJECTS> do not bring them. When the library "
        "is linked and defines it, it does not export it: make the declaration visible "
        '(__attribute__((visibility("default"))) or the project\'s export macro) and list it '
        "in the library's version script / .map file if it has one.",
        meaning="undefined symbol at link time",
        terms=("ld.lld", "undefined symbol", "CMakeLists.txt", "target_link_libraries"),
    ),
    # the compiler driver rejected its own command line (a flag), and a library not found
    Signature(
        "native",
        (r"ld\.lld: error: unable to find library -llib(?P<lib>\S+)",),
        "The linker cannot find liblib{lib}: target_link_libraries names 'lib{lib}' without "
        "'.so', and the linker adds the lib prefix itself (-l<name> looks for lib<name>.so). "
        "Write the name without the lib prefix ('{lib}') or the whole file name ('lib{lib}.so').",
        meaning="a library named with its lib prefix",
        terms=("ld.lld", "target_link_libraries", "CMakeLists.txt"),
    ),
    # -l takes a name without lib and .so (ld's manual: -l<name> looks for lib<name>.so)
    Signature(
        "native",
        (r"(?:ld\.lld: error: )?unable to find library -l(?!lib)(?P<lib>\S+?)\.so\b",),
        "The linker cannot find the library: -l{lib}.so asks for lib{lib}.so.so, since -l<name> "
        "looks for lib<name>.so. Write the name without lib and .so ('{lib}', in "
        "target_link_libraries or cgo's #cgo LDFLAGS), or link the file by its full path "
        "(<dir>/lib{lib}.so).",
        meaning="a library named with its .so suffix",
        terms=("ld.lld", "target_link_libraries", "LDFLAGS"),
    ),
    Signature(
        "native",
        (r"(?:ld\.lld: error: )?unable to find library -l(?P<lib>\S+)",),
        "The linker cannot find lib{lib}.so (-l{lib}) in its search paths: a library of the NDK "
        "is not copied into the project but CMakeLists.txt must see the NDK sysroot "
        "(target_include_directories and target_link_directories on <native>/sysroot/usr/include "
        "and usr/lib/<abi>-linux-ohos); a third-party library must be built for OHOS, be in the "
        "project (libs/<abi>) and its folder named with -L (target_link_directories; for Rust "
        "RUSTFLAGS='-L <dir>' or cargo's link-args, for Go CGO_LDFLAGS), or be linked by its full "
        "path. Check the name in target_link_libraries.",
        meaning="a library the linker cannot find",
        terms=("ld.lld", "target_link_directories", "CMakeLists.txt", "sysroot"),
    ),
    # a linker flag given to a compile-only step (clang's -Wunused-command-line-argument): the
    # flag belongs to the link flags
    Signature(
        "native",
        (r"argument unused during compilation: '(?P<flag>-(?:L|l|Wl,)[^'\n]*)'",),
        "The linker flag {flag} was given to the compiler, which does not link: move it to the "
        "link flags (CMake's target_link_options / target_link_directories, LDFLAGS; for Go's cgo "
        "the #cgo LDFLAGS / CGO_LDFLAGS, not CFLAGS; for Rust RUSTFLAGS' link-args).",
        meaning="a linker flag given to the compiler",
        terms=("clang", "LDFLAGS", "CMakeLists.txt"),
    ),
    # CMake's first try of the compiler failed: the compiler is not the OHOS toolchain's, or a
    # wrapper's toolchain file replaced it
    Signature(
        "native",
        (r"Check for working (?P<lang>CXX|C) compiler[^\n]*? - broken",),
        "CMake's test build with the {lang} compiler failed, so CMake stops: configure with the "
        "SDK's toolchain file (-DCMAKE_TOOLCHAIN_FILE=<sdk>/native/build/cmake/ohos.toolchain.cmake, "
        "and -DOHOS_ARCH=arm64-v8a); a framework's own toolchain file (Qt's) must chain to it "
        "(QT_CHAINLOAD_TOOLCHAIN_FILE=…/ohos.toolchain.cmake). The error CMake prints below the "
        "line (CMakeError.log) says why the test build failed.",
        meaning="CMake's compiler check failed",
        terms=("CMake", "ohos.toolchain.cmake", "CMAKE_TOOLCHAIN_FILE"),
    ),
    Signature(
        "native",
        (
            r"clang(?:\+\+)?(?:\.exe)?: error: (?P<what>(?!linker command failed|invalid linker name)[^\n]+)",
        ),
        "The C/C++ compiler rejected its command line: {what}. Fix the flag it names where it is "
        "added (CMakeLists.txt, a third-party build script): an -march/-mcpu value this clang "
        "does not accept (the OHOS toolchain already sets the target); with -Werror an unused "
        "flag such as the toolchain's --gcc-toolchain becomes an error — add "
        "-Wno-unused-command-line-argument or drop -Werror.",
        meaning="the compiler rejected a flag",
        terms=("clang", "CMakeLists.txt", "-Werror", "flags"),
    ),
    Signature(
        "native",
        (r'unable to find a build program corresponding to "(?P<gen>[^"]+)"',),
        "CMake cannot find the {gen} program (CMAKE_MAKE_PROGRAM is not set): a nested CMake "
        "build (a third-party library's own build script) runs without hvigor's environment. Put "
        "the SDK's ninja (<sdk>/openharmony/native/build-tools/cmake/bin) on PATH, or pass "
        "-DCMAKE_MAKE_PROGRAM=<that ninja>, then build again.",
        meaning="CMake finds no Ninja",
        terms=("CMake", "Ninja", "CMAKE_MAKE_PROGRAM", "PATH"),
    ),
    # CMake's find_package under the OHOS toolchain (ohos.toolchain.cmake searches the NDK's
    # sysroot only): a desktop graphics package the sysroot lacks; then FindPackageHandle-
    # StandardArgs' module-mode failure, config mode's, pkg-config's (CMake's own messages; a
    # ``-- Could NOT find`` status line is a package that was optional)
    Signature(
        "native",
        (
            r"(?<!-- )(?-i:Could NOT find) (?P<pkg>OpenGL|GLX|GLEW|GLUT|glfw3?|X11|EGL|GLES\w*)\b"
            r"(?: \(missing: (?P<missing>[^)\n]*)\))?",
        ),
        "CMake's Find{pkg} looks for desktop OpenGL (libGL/libGLX, X11), which the OHOS NDK's "
        "sysroot does not have: OHOS has OpenGL ES and EGL (libGLESv3.so / libGLESv2.so, "
        "libEGL.so in <sdk>/native/sysroot/usr/lib/<arch>-linux-ohos; some SDKs also libGLv4.so), "
        "the window through XComponent/libnative_window.so. Ask CMake for those: "
        "`find_package(OpenGL REQUIRED COMPONENTS EGL GLES3)` and link OpenGL::GLES3 "
        "OpenGL::EGL (or target_link_libraries(... GLESv3 EGL)), or give the project its own "
        "FindOpenGL.cmake (on CMAKE_MODULE_PATH) that maps OPENGL_gl_LIBRARY / "
        "OPENGL_opengl_LIBRARY to libGLESv3 (or libGLv4) and OPENGL_egl_LIBRARY to libEGL; "
        "build the code for OpenGL ES (no GLX, GLUT or GLEW).",
        meaning="desktop OpenGL asked for under the OHOS toolchain",
        terms=("FindOpenGL", "OpenGL ES", "GLESv3", "EGL", "CMake"),
    ),
    Signature(
        "native",
        (
            r"(?<!-- )(?-i:Could NOT find) (?P<pkg>[\w.+-]+)(?: \(missing: (?P<missing>[^)\n]*)\)|"
            r":? Found unsuitable version)",
            r"Could not find a package configuration file provided by\s+\"(?P<cpkg>[^\"]+)\"",
            r"(?-i:No package) '(?P<pc>[^'\n]+)' found",
        ),
        "CMake's find_package (or pkg-config) found no {pkg}{cpkg}{pc} for OHOS: the NDK's "
        "toolchain file searches the OHOS sysroot only (CMAKE_FIND_ROOT_PATH), so a library "
        "installed on the build machine does not count. Build {pkg}{cpkg}{pc} for OHOS and the "
        "same ABI (a cross-compiled third-party port), then point CMake at it: its install prefix "
        "in CMAKE_PREFIX_PATH and CMAKE_FIND_ROOT_PATH, or {pkg}{cpkg}{pc}_DIR at its "
        "…Config.cmake, or the variables CMake lists as missing with -D on the command line; for "
        "pkg-config set PKG_CONFIG_LIBDIR to its .pc files. A library the NDK has under another "
        "name (zlib as libz, OpenGL ES as GLESv3) is linked by that name.",
        meaning="CMake's find_package found no package for OHOS",
        terms=("find_package", "CMAKE_PREFIX_PATH", "CMAKE_FIND_ROOT_PATH", "CMake"),
    ),
)
