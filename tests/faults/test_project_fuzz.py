"""Fuzzing the project reader: any bytes or text as ``app.json5``, ``module.json5`` or
``build-profile.json5`` give a :class:`Project` or a one-line :class:`ProjectError`, never
another exception. The hypothesis profile sets how many examples (``make fuzz`` runs thousands)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from hmdesk.core.toolchain.project import Project
from hmdesk.core.toolchain.project_file import _NO_FAST, ProjectError, _fast_json5
from hmdesk.core.toolchain.project_reader import read_project
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tests.fixtures.fake_tools import PROJECTS

FILES = {
    "app": Path("AppScope/app.json5"),
    "module": Path("entry/src/main/module.json5"),
    "profile": Path("build-profile.json5"),
}
FUZZ = settings(
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

# JSON-like values of any shape: what a JSON5 file can hold, wrong types included.
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False)
    | st.text(max_size=20)
    | st.sampled_from(["entry", "com.example.hello", "./entry", "default", "\x00", "../.."]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "app",
                    "module",
                    "bundleName",
                    "name",
                    "type",
                    "abilities",
                    "skills",
                    "entities",
                    "modules",
                    "srcPath",
                    "products",
                    "signingConfigs",
                    "material",
                    "deviceTypes",
                    "mainElement",
                    "versionCode",
                    "compatibleSdkVersion",
                ]
            )
            | st.text(max_size=8),
            inner,
            max_size=5,
        )
    ),
    max_leaves=20,
)


ORIGINAL = {which: (PROJECTS / "hello" / rel).read_bytes() for which, rel in FILES.items()}


@pytest.fixture
def project(tmp_path: Path) -> Path:
    dest = tmp_path / "hello"
    shutil.copytree(PROJECTS / "hello", dest)
    return dest


def assert_read_or_refused(project: Path, which: str, content: bytes) -> None:
    for name, rel in FILES.items():
        (project / rel).write_bytes(content if name == which else ORIGINAL[name])
    try:
        result = read_project(project)
    except ProjectError as exc:
        assert exc.file and str(exc).startswith(exc.file)
        assert "\n" not in str(exc)  # one line for the user
    else:
        assert isinstance(result, Project)


@FUZZ
@given(which=st.sampled_from(sorted(FILES)), content=st.binary(max_size=400))
@example(which="app", content=b"\xff\xfe{")
@example(which="profile", content=b"[" * 5000)
@example(which="module", content=b'{"module": ' * 3000)
@example(which="app", content=b",//" * 2000)
@example(which="profile", content=b",/*" * 2000)
@example(
    which="profile", content=b'{"app": {}, "modules": [{"name": "entry", "srcPath": "\\u0000"}]}'
)
@pytest.mark.hostile("random-bytes-as-a-project-file")
def test_any_bytes(project: Path, which: str, content: bytes) -> None:
    assert_read_or_refused(project, which, content)


@pytest.mark.hostile("random-text-as-a-project-file")
@FUZZ
@given(which=st.sampled_from(sorted(FILES)), text=st.text(max_size=300))
@example(which="app", text="N\n")  # json5 quoted the newline it did not expect: two lines
def test_any_text(project: Path, which: str, text: str) -> None:
    assert_read_or_refused(project, which, text.encode("utf-8", "surrogatepass"))


@pytest.mark.hostile("wrong-json-shape-in-a-project-file")
@FUZZ
@given(which=st.sampled_from(sorted(FILES)), value=json_values)
def test_any_json_shape(project: Path, which: str, value: object) -> None:
    """Valid JSON of every shape: wrong types, missing keys, odd names."""
    assert_read_or_refused(project, which, json.dumps(value).encode())


@pytest.mark.hostile("json5-of-braces-comments-and-commas")
@FUZZ
@given(text=st.text(alphabet=st.sampled_from(list('{}[],:"/*\\\n ab1')), max_size=200))
def test_fast_path_never_disagrees(text: str) -> None:
    """The comment/trailing-comma stripper either declines or agrees with json5 (linear)."""
    import json5

    fast = _fast_json5(text)
    if fast is _NO_FAST:
        return
    try:
        expected = json5.loads(text)
    except (ValueError, RecursionError):
        return  # the fast path is laxer on some invalid input: json5 is never asked then
    assert fast == expected
