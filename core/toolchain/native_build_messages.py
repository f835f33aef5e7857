"""The signatures of a native (C/C++) build, read from the message text: GN and CMake, the
compiler's errors, and a library built for another toolchain or libc. Data only."""

from __future__ import annotations

from hmdesk.core.toolchain.signature import Signature

# the native build's generators (GN, CMake)
NATIVE_BUILD_SIGNATURES: tuple[Signature, ...] = (
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
)
