"""Reading a HarmonyOS project: AppScope/app.json5, each module.json5, build-profile.json5.
What a run can build comes from them too: products, HAP modules, each module's targets.
The ``oh-package.json5`` files (the project's and each module's dependencies, local ``file:``
ones resolved to their folder) and ``hvigor/hvigor-config.json5`` (modelVersion, the hvigor
plugins it lists) are read as well, for what the doctor and the run say about a build.

All three are JSON5 (comments, trailing commas, unquoted keys), read with the ``json5`` library.
A missing or malformed file, or a missing required field, raises :class:`ProjectError` naming the
file and (when known) the line, with what to do.

Only regular files are read, and only up to :data:`MAX_PROJECT_FILE_BYTES`: a FIFO, a device (a
symlink to ``/dev/zero``), a folder or a symlink loop in the place of a project file is refused
with one line, never waited on or read without end (:func:`read_regular_file`, which the code
index uses too).
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import json5
from hmdesk.core.toolchain.hdc import (
    InvalidName,
    validate_ability,
    validate_bundle,
    validate_module,
)

LAUNCHER_ENTITY = "entity.system.home"

MAX_PROJECT_FILE_BYTES = 256 * 1024
"""Larger ``app.json5``/``module.json5``/``build-profile.json5`` files are refused (real ones are a
few KB; the JSON5 parser would take seconds over megabytes)."""


class NotRegularFile(Exception):
    """A path that must not be read: not a regular file, a symlink loop, or over the size limit.
    ``str()`` says why, e.g. ``a FIFO, not a regular file``."""


_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def _kind_problem(mode: int) -> str | None:
    if stat.S_ISREG(mode):
        return None
    kind = next((name for test, name in _KINDS if test(mode)), "a special file")
    return f"{kind}, not a regular file"


def read_regular_file(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of ``path`` (a symlink is followed) if it is a regular file of at most ``limit``
    bytes. Never blocks on a FIFO or reads a device: the kind is checked before the file is
    opened (non-blocking) and again on the open descriptor, and at most ``limit + 1`` bytes are
    read. Raises :class:`NotRegularFile` (why) or ``OSError`` (missing, permission denied)."""
    try:
        st = os.stat(path)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise NotRegularFile("a symlink loop") from exc
        raise
    problem = _kind_problem(st.st_mode)
    if problem is None and st.st_size > limit:
        problem = f"{st.st_size} bytes, over the limit of {limit}"
    if problem:
        raise NotRegularFile(problem)
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(path, flags)
    try:
        problem = _kind_problem(os.fstat(fd).st_mode)  # replaced since the stat above
        if problem:
            raise NotRegularFile(problem)
        chunks: list[bytes] = []
        total = 0
        while total <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:
            raise NotRegularFile(f"over the limit of {limit} bytes")
        return b"".join(chunks)
    finally:
        os.close(fd)


class ProjectError(Exception):
    """A project file is missing or wrong. ``str()`` is ``file:line: message``."""

    def __init__(self, file: Path | str, line: int | None, msg: str) -> None:
        self.file = str(file)
        self.line = line
        self.msg = msg
        where = f"{self.file}:{line}" if line else self.file
        super().__init__(f"{where}: {msg}")


@dataclass(frozen=True)
class Ability:
    name: str
    src_entry: str | None
    exported: bool
    launcher: bool  # skills[].entities contains entity.system.home


@dataclass(frozen=True)
class Target:
    """A build target of a module (``modules[].targets`` in build-profile.json5, or the module's
    own build-profile.json5); ``products`` is its ``applyToProducts`` (None: every product)."""

    name: str
    products: tuple[str, ...] | None = None


DEFAULT_BUILD_MODES = ("debug", "release")
"""The build modes every project has when build-profile.json5 has no ``buildModeSet``."""

TEST_TARGET = "ohosTest"  # the instrument-test target: not something Build & Run launches


@dataclass(frozen=True)
class Module:
    name: str
    type: str  # entry | feature | shared | har
    src_path: Path  # the module directory
    file: Path  # its module.json5
    main_element: str | None
    device_types: list[str]
    abilities: list[Ability]
    targets: tuple[Target, ...] = ()

    @property
    def builds_hap(self) -> bool:
        """``assembleHap`` makes a HAP of it (entry and feature modules, not har/shared)."""
        return self.type in ("entry", "feature")

    def target_names(self, product: str | None = None) -> list[str]:
        """The targets that apply to ``product`` (all without one); ``default`` when the project
        names none."""
        names = [
            t.name
            for t in self.targets
            if t.name != TEST_TARGET
            and (product is None or t.products is None or product in t.products)
        ]
        return names or ["default"]

    @property
    def launcher_ability(self) -> str | None:
        """The ability to launch: the launcher one (mainElement first), else mainElement."""
        launchers = [a.name for a in self.abilities if a.launcher]
        if self.main_element and self.main_element in launchers:
            return self.main_element
        if launchers:
            return launchers[0]
        return self.main_element


@dataclass(frozen=True)
class SigningConfig:
    name: str
    type: str | None
    profile: str | None
    store_file: str | None
    cert_path: str | None
    sign_alg: str | None


@dataclass(frozen=True)
class Product:
    name: str
    signing_config: str | None
    compatible_sdk_version: str | None
    runtime_os: str | None


@dataclass(frozen=True)
class Dependency:
    """One entry of an ``oh-package.json5``'s ``dependencies`` / ``devDependencies``.
    ``local`` is the folder or file a ``file:`` spec points at (resolved against the
    oh-package.json5's folder, as ohpm does), None for a registry version."""

    name: str
    spec: str
    owner: str  # the module's name; "" for the project's own oh-package.json5
    file: Path  # the oh-package.json5 it is declared in
    local: Path | None = None
    dev: bool = False

    @property
    def where(self) -> str:
        return f"module {self.owner!r}" if self.owner else "the project"


@dataclass(frozen=True)
class HvigorConfig:
    """``hvigor/hvigor-config.json5``: ``modelVersion`` (or the older ``hvigorVersion``) and the
    hvigor plugins its ``dependencies`` list (name -> version)."""

    file: Path
    model_version: str | None
    hvigor_version: str | None
    plugins: dict[str, str] = field(default_factory=dict)


@dataclass
class Project:
    root: Path
    bundle_name: str
    version_code: int | None
    version_name: str | None
    modules: list[Module]
    signing_configs: list[SigningConfig]
    products: list[Product]
    warnings: list[str] = field(default_factory=list)
    build_modes: list[str] = field(default_factory=lambda: list(DEFAULT_BUILD_MODES))
    """``app.buildModeSet`` names (``debug`` and ``release`` when the project sets none)."""
    dependencies: list[Dependency] = field(default_factory=list)
    """The project's and every read module's oh-package.json5 dependencies."""
    model_version: str | None = None  # the root oh-package.json5's modelVersion
    hvigor: HvigorConfig | None = None

    def missing_local_dependencies(self) -> list[Dependency]:
        """The ``file:`` dependencies whose folder or file does not exist (ohpm install fails)."""
        return [d for d in self.dependencies if d.local is not None and not d.local.exists()]

    @property
    def entry_module(self) -> Module | None:
        for m in self.modules:
            if m.type == "entry":
                return m
        return self.modules[0] if self.modules else None

    def module(self, name: str) -> Module | None:
        return next((m for m in self.modules if m.name == name), None)

    @property
    def hap_modules(self) -> list[Module]:
        """The modules a run can build and launch, the entry module first."""
        mods = [m for m in self.modules if m.builds_hap]
        return sorted(mods, key=lambda m: m.type != "entry")

    @property
    def product_names(self) -> list[str]:
        """The products of build-profile.json5 (``default`` when it names none)."""
        return [p.name for p in self.products] or ["default"]

    def product(self, name: str = "default") -> Product | None:
        return next((p for p in self.products if p.name == name), None)

    def signing_for(self, product: str = "default") -> SigningConfig | None:
        """The signing config the product references (None: hvigor builds an unsigned HAP)."""
        prod = self.product(product)
        if prod is None or not prod.signing_config:
            return None
        return next((s for s in self.signing_configs if s.name == prod.signing_config), None)

    def signing_problem(self, product: str = "default") -> str | None:
        prod = self.product(product)
        if prod is None:
            return f"build-profile.json5 has no product named {product!r}."
        if not self.signing_configs:
            return (
                "build-profile.json5 has no signingConfigs: hvigor builds an unsigned HAP and the "
                "device refuses it (install error 9568320). In DevEco Studio: File > Project "
                "Structure > Signing Configs > Automatically generate signature."
            )
        if not prod.signing_config:
            return (
                f"product {product!r} does not reference a signing config: add "
                f'"signingConfig": "{self.signing_configs[0].name}" to it in build-profile.json5.'
            )
        if self.signing_for(product) is None:
            return (
                f"product {product!r} references signing config {prod.signing_config!r}, which "
                "build-profile.json5 does not define."
            )
        return None


# --------------------------------------------------------------------------- helpers

_JSON5_ERR_RE = re.compile(r"^<string>:(\d+)\s+(.*)$", re.S)
_CONTROL_RE = re.compile(r"[\x00-\x1f\x7f\x85\u2028\u2029]")


def _one_line(message: str) -> str:
    """``message`` with control characters escaped (json5 quotes a stray newline as it is)."""
    return _CONTROL_RE.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), message)


_STRING_RE = re.compile(r'"(?:[^"\\\n]|\\.)*"')  # disjoint alternatives: linear
_SPECIAL_RE = re.compile(r'["/,}\]]')
_NO_FAST = object()


def _strip_light_json5(text: str) -> str | None:
    """``text`` without comments and trailing commas, or None when it is not that simple.
    One pass (``str.find`` and non-backtracking patterns): linear on any input."""
    out: list[str] = []
    comma: int | None = None  # index in ``out`` of a comma followed only by blanks and comments
    i, n = 0, len(text)
    while i < n:
        m = _SPECIAL_RE.search(text, i)
        j = m.start() if m else n
        if text[i:j].strip():
            comma = None
        out.append(text[i:j])
        if m is None:
            break
        c = text[j]
        if c == '"':
            s = _STRING_RE.match(text, j)
            if s is None:
                return None
            out.append(s.group())
            comma = None
            i = s.end()
        elif text.startswith("//", j):
            end = text.find("\n", j)
            i = n if end < 0 else end
        elif text.startswith("/*", j):
            end = text.find("*/", j + 2)
            if end < 0:
                return None
            i = end + 2
        elif c == ",":
            comma = len(out)
            out.append(",")
            i = j + 1
        else:
            if c in "}]" and comma is not None:
                out[comma] = ""
            comma = None
            out.append(c)
            i = j + 1
    return "".join(out)


def _fast_json5(text: str) -> Any:
    """Most project files are JSON plus comments and trailing commas: strip those and use the
    C JSON parser (docs/decisions/0024-project-files-read-as-json-first.md). Anything else (unquoted
    keys, single quotes, errors) returns ``_NO_FAST`` and goes to ``json5``, which is the
    authority and reports error lines."""
    stripped = _strip_light_json5(text)
    if stripped is None:
        return _NO_FAST
    try:
        return json.loads(stripped)
    except (ValueError, RecursionError):
        return _NO_FAST


def _load(path: Path) -> tuple[Any, str]:
    try:
        raw = read_regular_file(path, MAX_PROJECT_FILE_BYTES)
    except FileNotFoundError as exc:
        raise ProjectError(
            path,
            None,
            "file not found. Is this a HarmonyOS project root (the folder with "
            "build-profile.json5, AppScope/ and entry/)?",
        ) from exc
    except NotRegularFile as exc:
        raise ProjectError(path, None, f"not read: it is {exc}.") from exc
    except OSError as exc:
        raise ProjectError(path, None, f"cannot read the file ({exc.strerror or exc}).") from exc
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ProjectError(
            path, raw.count(b"\n", 0, exc.start) + 1, f"not UTF-8 text (byte {exc.start})."
        ) from exc
    fast = _fast_json5(text)
    if fast is not _NO_FAST:
        return fast, text
    try:
        data = json5.loads(text)
    except ValueError as exc:
        m = _JSON5_ERR_RE.match(str(exc))
        if m:
            detail = _one_line(m.group(2))
            raise ProjectError(path, int(m.group(1)), f"not valid JSON5: {detail}.") from exc
        raise ProjectError(path, None, f"not valid JSON5: {_one_line(str(exc))}.") from exc
    except RecursionError as exc:
        raise ProjectError(path, None, "not valid JSON5: nested too deeply.") from exc
    return data, text


def _line_of(text: str, key: str) -> int | None:
    m = re.search(rf"""(?:^|[\s{{,])["']?{re.escape(key)}["']?\s*:""", text)
    if not m:
        return None
    return text.count("\n", 0, m.end()) + 1


def _obj(value: Any, path: Path, text: str, key: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ProjectError(path, _line_of(text, key), f'"{key}" must be an object.')
    return value


def _list(value: Any, path: Path, text: str, key: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise ProjectError(path, _line_of(text, key), f'"{key}" must be a list.')
    return value


def _str(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None


# --------------------------------------------------------------------------- readers


def read_app(root: Path) -> tuple[str, int | None, str | None]:
    path = root / "AppScope" / "app.json5"
    data, text = _load(path)
    if not isinstance(data, dict):
        raise ProjectError(path, 1, 'the top level must be an object with an "app" key.')
    if "app" not in data:
        raise ProjectError(path, None, 'missing the "app" object.')
    app = _obj(data["app"], path, text, "app")
    bundle = app.get("bundleName")
    if not isinstance(bundle, str) or not bundle:
        raise ProjectError(
            path,
            _line_of(text, "app"),
            'missing "bundleName" in "app": add e.g. "bundleName": "com.example.myapp".',
        )
    try:
        validate_bundle(bundle)
    except InvalidName as exc:
        raise ProjectError(path, _line_of(text, "bundleName"), str(exc)) from None
    code = app.get("versionCode")
    version_code = code if isinstance(code, int) and not isinstance(code, bool) else None
    return bundle, version_code, _str(app.get("versionName"))


def read_module(module_dir: Path) -> Module:
    path = module_dir / "src" / "main" / "module.json5"
    data, text = _load(path)
    if not isinstance(data, dict) or "module" not in data:
        raise ProjectError(path, 1, 'missing the "module" object.')
    mod = _obj(data["module"], path, text, "module")
    name = mod.get("name")
    if not isinstance(name, str) or not name:
        raise ProjectError(path, _line_of(text, "module"), 'missing "name" in "module".')
    mtype = _str(mod.get("type"))
    if mtype is None:
        raise ProjectError(
            path,
            _line_of(text, "module"),
            'missing "type" in "module" (entry, feature, shared or har).',
        )
    if mtype in ("entry", "feature"):  # its name goes to `aa start -m`; libraries' names do not
        try:  # (OpenHarmony's Settings names its HAR `settings.common`)
            validate_module(name)
        except InvalidName as exc:
            raise ProjectError(path, _line_of(text, "name"), str(exc)) from None
    abilities: list[Ability] = []
    for i, ab in enumerate(_list(mod.get("abilities"), path, text, "abilities")):
        if not isinstance(ab, dict) or not _str(ab.get("name")):
            raise ProjectError(path, _line_of(text, "abilities"), f'abilities[{i}] has no "name".')
        ab_name = ab["name"]
        try:
            validate_ability(ab_name)
        except InvalidName as exc:
            raise ProjectError(path, _line_of(text, "abilities"), str(exc)) from None
        launcher = False
        skills = ab.get("skills")
        if isinstance(skills, list):
            for sk in skills:
                ents = sk.get("entities") if isinstance(sk, dict) else None
                if isinstance(ents, list) and LAUNCHER_ENTITY in ents:
                    launcher = True
        abilities.append(
            Ability(
                name=ab_name,
                src_entry=_str(ab.get("srcEntry")),
                exported=bool(ab.get("exported", False)),
                launcher=launcher,
            )
        )
    main = _str(mod.get("mainElement"))
    devices = [
        d for d in _list(mod.get("deviceTypes"), path, text, "deviceTypes") if isinstance(d, str)
    ]
    return Module(
        name=name,
        type=mtype,
        src_path=module_dir,
        file=path,
        main_element=main,
        device_types=devices,
        abilities=abilities,
    )


def _targets(value: Any) -> tuple[Target, ...]:
    """``targets: [{name, applyToProducts}]`` as read (entries without a usable name skipped)."""
    out: list[Target] = []
    for t in value if isinstance(value, list) else []:
        name = _str(t.get("name")) if isinstance(t, dict) else None
        if name is None or any(o.name == name for o in out):
            continue
        prods = t.get("applyToProducts")
        only = tuple(p for p in prods if isinstance(p, str)) if isinstance(prods, list) else None
        out.append(Target(name, only))
    return tuple(out)


def read_module_targets(module_dir: Path) -> tuple[Target, ...]:
    """The targets of the module's own build-profile.json5 (none when it has no such file)."""
    path = module_dir / "build-profile.json5"
    if not path.exists():
        return ()
    data, _text = _load(path)
    return _targets(data.get("targets")) if isinstance(data, dict) else ()


def read_build_profile(
    root: Path,
    targets: dict[str, tuple[Target, ...]] | None = None,
    build_modes: list[str] | None = None,
) -> tuple[list[SigningConfig], list[Product], list[tuple[str, Path]]]:
    """Signing configs, products and (module name, folder); the ``targets`` each module
    entry names go into ``targets``, and the ``buildModeSet`` names into ``build_modes``, when
    they are given."""
    targets = {} if targets is None else targets
    path = root / "build-profile.json5"
    data, text = _load(path)
    if not isinstance(data, dict):
        raise ProjectError(path, 1, "the top level must be an object.")
    app = _obj(data.get("app", {}), path, text, "app")
    configs: list[SigningConfig] = []
    for i, sc in enumerate(_list(app.get("signingConfigs"), path, text, "signingConfigs")):
        if not isinstance(sc, dict) or not _str(sc.get("name")):
            raise ProjectError(
                path, _line_of(text, "signingConfigs"), f'signingConfigs[{i}] has no "name".'
            )
        raw_mat = sc.get("material")
        mat: dict[str, Any] = raw_mat if isinstance(raw_mat, dict) else {}
        configs.append(
            SigningConfig(
                name=sc["name"],
                type=_str(sc.get("type")),
                profile=_str(mat.get("profile")),
                store_file=_str(mat.get("storeFile")),
                cert_path=_str(mat.get("certpath")),
                sign_alg=_str(mat.get("signAlg")),
            )
        )
    products: list[Product] = []
    for i, pr in enumerate(_list(app.get("products"), path, text, "products")):
        if not isinstance(pr, dict) or not _str(pr.get("name")):
            raise ProjectError(path, _line_of(text, "products"), f'products[{i}] has no "name".')
        sdk = pr.get("compatibleSdkVersion")
        products.append(
            Product(
                name=pr["name"],
                signing_config=_str(pr.get("signingConfig")),
                compatible_sdk_version=str(sdk) if sdk is not None else None,
                runtime_os=_str(pr.get("runtimeOS")),
            )
        )
    if build_modes is not None:
        modes = _list(app.get("buildModeSet"), path, text, "buildModeSet")
        names = [bm["name"] for bm in modes if isinstance(bm, dict) and _str(bm.get("name"))]
        build_modes[:] = names or list(DEFAULT_BUILD_MODES)
    modules: list[tuple[str, Path]] = []
    for i, m in enumerate(_list(data.get("modules"), path, text, "modules")):
        if not isinstance(m, dict) or not _str(m.get("name")):
            raise ProjectError(path, _line_of(text, "modules"), f'modules[{i}] has no "name".')
        targets[m["name"]] = _targets(m.get("targets"))
        src = _str(m.get("srcPath")) or f"./{m['name']}"
        try:
            module_dir = (root / src).resolve()
        except (OSError, RuntimeError, ValueError) as exc:  # a NUL byte, a symlink loop
            raise ProjectError(
                path, _line_of(text, "modules"), f"modules[{i}] has an unusable srcPath {src!r}."
            ) from exc
        modules.append((m["name"], module_dir))
    return configs, products, modules


def read_dependencies(folder: Path, owner: str) -> list[Dependency]:
    """The dependencies of ``folder/oh-package.json5`` (none when there is no such file)."""
    path = folder / "oh-package.json5"
    if not path.exists():
        return []
    data, text = _load(path)
    if not isinstance(data, dict):
        raise ProjectError(path, 1, "the top level must be an object.")
    out: list[Dependency] = []
    for key, dev in (("dependencies", False), ("devDependencies", True)):
        for name, spec in _obj(data.get(key, {}), path, text, key).items():
            if not isinstance(spec, str):
                raise ProjectError(
                    path, _line_of(text, name), f'"{name}": the version must be a string.'
                )
            local: Path | None = None
            if spec.startswith("file:"):
                try:
                    local = (folder / spec[len("file:") :]).resolve()
                except (OSError, RuntimeError, ValueError):  # a NUL byte, a symlink loop
                    local = folder / spec[len("file:") :]
            out.append(Dependency(name, spec, owner, path, local, dev))
    return out


def read_hvigor_config(root: Path) -> HvigorConfig | None:
    """``hvigor/hvigor-config.json5`` (None when the project has none)."""
    path = root / "hvigor" / "hvigor-config.json5"
    if not path.exists():
        return None
    data, text = _load(path)
    if not isinstance(data, dict):
        raise ProjectError(path, 1, "the top level must be an object.")
    deps = _obj(data.get("dependencies", {}), path, text, "dependencies")
    return HvigorConfig(
        file=path,
        model_version=_str(data.get("modelVersion")),
        hvigor_version=_str(data.get("hvigorVersion")),
        plugins={k: v for k, v in deps.items() if isinstance(v, str)},
    )


def _model_version(root: Path) -> str | None:
    data, _text = _load(root / "oh-package.json5")
    return _str(data.get("modelVersion")) if isinstance(data, dict) else None


def _read_or_warn(warnings: list[str], read: Any, *args: Any) -> Any:
    """``read(*args)``, or None with the error as a warning: a wrong oh-package.json5 or
    hvigor-config.json5 does not stop the project from being read (hvigor says the rest)."""
    try:
        return read(*args)
    except ProjectError as exc:
        warnings.append(f"{exc} (the build will fail on it too)")
        return None


def _first_missing(path: Path) -> Path:
    """The outermost folder of ``path`` that does not exist (``path`` itself when only it is
    missing): ``…/node_modules`` when the packages were never installed."""
    missing = path
    for parent in path.parents:
        if parent.exists():
            break
        missing = parent
    return missing


def _missing_dependency_warnings(
    deps: list[Dependency], missing_modules: dict[Path, str], warnings: list[str]
) -> None:
    """One message per missing place: on the missing module's own message when a module's
    srcPath is that path; else one naming who depends on it, the spec and the file — or, when
    several local packages sit under one folder that does not exist (``node_modules`` never
    installed), one message for that folder."""
    groups: dict[Path, list[Dependency]] = {}
    for d in deps:
        if d.local is not None and not d.local.exists():
            key = d.local if d.local in missing_modules else _first_missing(d.local)
            groups.setdefault(key, []).append(d)
    for place, users in groups.items():
        first = users[0]
        who = ", ".join(sorted({d.where for d in users}))
        spec = f'{first.file.name}: "{first.name}": "{first.spec}"'
        verb = "depends" if len({d.where for d in users}) == 1 else "depend"
        if place in missing_modules:
            i = warnings.index(missing_modules[place])
            warnings[i] = warnings[i].rstrip(".") + (
                f"; {who} ({spec}) {verb} on it and will not build until the folder exists."
            )
        elif len(users) == 1:
            warnings.append(
                f"{who} ({spec}) {verb} on {first.local}, which does not exist: `ohpm install` "
                f"fails. Build or fetch that package there, or fix the path in {first.file}."
            )
        else:
            hint = (
                f" Run `npm install` in {place.parent} first (these packages come from npm)."
                if place.name == "node_modules"
                else ""
            )
            warnings.append(
                f"{who} {verb} on {len(users)} local packages under {place}, which does not "
                f"exist (e.g. {spec}): `ohpm install` fails.{hint}"
            )


def _not_a_root(root: Path) -> None:
    """Raise a clear error for the two real ways a folder is not the project root: a repository
    that ships only ``build-profile.example.json5`` (the signing-bearing file is not committed),
    and a folder whose HarmonyOS project is one level down (React Native's ``harmony/``)."""
    profile = root / "build-profile.json5"
    if os.path.lexists(profile):  # there (or a broken link, a loop: reading it says which)
        return
    examples = sorted(p.name for p in root.glob("build-profile*.json5"))
    if examples:
        raise ProjectError(
            profile,
            None,
            f"file not found; the folder has {', '.join(examples)}: copy it to "
            "build-profile.json5 and fill in your signing configs (DevEco Studio: File > "
            "Project Structure > Signing Configs).",
        )
    inner = [
        d.name
        for d in sorted(root.iterdir())
        if d.is_dir() and (d / "build-profile.json5").is_file() and (d / "AppScope").is_dir()
    ]
    if inner:
        raise ProjectError(
            profile,
            None,
            f"file not found; the HarmonyOS project is in {inner[0]}/: choose "
            f"{root / inner[0]} as the project folder.",
        )


def read_project(directory: Path | str) -> Project:
    """Read the project at ``directory`` (its root, holding build-profile.json5)."""
    root = Path(directory).expanduser()
    if not root.is_dir():
        raise ProjectError(root, None, "no such folder. Choose the project root folder.")
    root = root.resolve()
    _not_a_root(root)
    bundle, vcode, vname = read_app(root)
    targets: dict[str, tuple[Target, ...]] = {}
    build_modes: list[str] = []
    configs, products, module_refs = read_build_profile(root, targets, build_modes)
    if not module_refs and (root / "entry").is_dir():
        module_refs = [("entry", root / "entry")]
    modules: list[Module] = []
    warnings: list[str] = []
    deps: list[Dependency] = _read_or_warn(warnings, read_dependencies, root, "") or []
    missing_modules: dict[Path, str] = {}
    for name, mdir in module_refs:
        if not mdir.is_dir():
            where = "outside the project" if not mdir.is_relative_to(root) else "in the project"
            warnings.append(
                f"module {name!r}: its srcPath {mdir} ({where}) does not exist; "
                "the module is left out, the other modules still build."
            )
            missing_modules[mdir] = warnings[-1]
            continue
        mod = read_module(mdir)
        deps += _read_or_warn(warnings, read_dependencies, mdir, mod.name) or []
        # the root's targets (with applyToProducts) first, then the module's own
        own = targets.get(name, ())
        extra = tuple(t for t in read_module_targets(mdir) if all(t.name != o.name for o in own))
        if own or extra:
            mod = replace(mod, targets=own + extra)
        if mod.name != name:
            warnings.append(
                f"build-profile.json5 calls module {name!r} but {mod.file} names it {mod.name!r}."
            )
        modules.append(mod)
    if not modules:
        profile = root / "build-profile.json5"
        raise ProjectError(
            profile,
            _line_of(_load(profile)[1], "modules"),
            'no modules: add the entry module to "modules" ({"name": "entry", "srcPath": "./entry"}).',
        )
    _missing_dependency_warnings(deps, missing_modules, warnings)
    hvigor_config = _read_or_warn(warnings, read_hvigor_config, root)
    model_version = (
        _read_or_warn(warnings, _model_version, root)
        if (root / "oh-package.json5").exists()
        else None
    )
    return Project(
        root=root,
        bundle_name=bundle,
        version_code=vcode,
        version_name=vname,
        modules=modules,
        signing_configs=configs,
        products=products,
        warnings=warnings,
        build_modes=build_modes,
        dependencies=deps,
        model_version=model_version,
        hvigor=hvigor_config,
    )
