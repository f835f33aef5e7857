"""CMake's find_package failures under the OHOS toolchain: desktop OpenGL (GLX, X11, GLUT, GLEW)
the NDK's sysroot lacks, answered with OpenGL ES and EGL; FindPackageHandleStandardArgs' module
mode, config mode and pkg-config failures; a ``-- Could NOT find`` status line (an optional
package) decides nothing. The real log is batch H's
``native/hcA-quarter-notes-cmake-could-not-find-opengl``."""

from __future__ import annotations

import pytest
from hmdesk.core.toolchain.doctor import diagnose

from tests.fixtures.real_logs import assert_found, real_log

_AT = "CMake Error at /opt/cmake/share/cmake-3.28/Modules/FindPackageHandleStandardArgs.cmake:230 (message):\n"
_CALLED = "Call Stack (most recent call first):\n  CMakeLists.txt:12 (find_package)\n"


@pytest.mark.parametrize(
    "pkg",
    ["OpenGL", "GLUT", "GLEW", "X11", "glfw3"],
)
def test_a_desktop_graphics_package_is_answered_with_opengl_es_and_egl(pkg: str) -> None:
    f = assert_found(f"{_AT}  Could NOT find {pkg} (missing: {pkg.upper()}_LIBRARY)\n{_CALLED}")
    assert f.kind == "native", (f.kind, f.fix)
    for word in ("GLESv3", "libEGL", "COMPONENTS EGL GLES3", "FindOpenGL.cmake"):
        assert word in f.fix, (word, f.fix)


@pytest.mark.parametrize(
    ("text", "pkg"),
    [
        (f"{_AT}  Could NOT find ZLIB (missing: ZLIB_LIBRARY ZLIB_INCLUDE_DIR)\n{_CALLED}", "ZLIB"),
        (
            f'{_AT}  Could NOT find Boost: Found unsuitable version "1.70.0", but required is at least "1.80"\n',
            "Boost",
        ),
        (
            'CMake Error at CMakeLists.txt:5 (find_package):\n  By not providing "FindQt6.cmake" '
            "in CMAKE_MODULE_PATH this project has\n  asked CMake to find a package configuration "
            'file provided by "Qt6", but\n  CMake did not find one.\n\n  Could not find a package '
            'configuration file provided by "Qt6" with any of\n  the following names:\n',
            "Qt6",
        ),
        (
            "-- Checking for module 'libffi'\n--   No package 'libffi' found\nCMake Error at /usr/share/cmake/Modules/FindPkgConfig.cmake:607 (message):\n  A required package was not found\n",
            "libffi",
        ),
    ],
)
def test_module_config_and_pkg_config_failures_name_the_package_and_the_search_path(
    text: str, pkg: str
) -> None:
    f = assert_found(text)
    assert f.kind == "native", (f.kind, f.fix)
    assert f"no {pkg} for OHOS" in f.fix, f.fix
    for word in ("CMAKE_PREFIX_PATH", "CMAKE_FIND_ROOT_PATH", "PKG_CONFIG_LIBDIR"):
        assert word in f.fix, (word, f.fix)


def test_an_optional_package_s_status_line_decides_nothing() -> None:
    f = diagnose(
        "-- Could NOT find PkgConfig (missing: PKG_CONFIG_EXECUTABLE)\n-- Configuring done\n"
    )
    assert f is None or "for OHOS" not in f.fix


def test_the_real_quarter_note() -> None:
    f = assert_found(real_log("native/hcA-quarter-notes-cmake-could-not-find-opengl.log"))
    assert f.kind == "native" and "FindOpenGL" in f.fix and "libGLv4" in f.fix
