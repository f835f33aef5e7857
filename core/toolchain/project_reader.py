"""Reading a HarmonyOS project (:class:`~hmdesk.core.toolchain.project.Project`):
AppScope/app.json5, each module.json5, build-profile.json5 (products, modules, each module's
targets; a module's own build-profile.json5 adds its targets). The ``oh-package.json5`` files (the
project's and each module's dependencies, local ``file:`` ones resolved to their folder) and
``hvigor/hvigor-config.json5`` (modelVersion, the hvigor plugins it lists) are read as well, for
what the doctor and the run say about a build; a wrong one is a warning, not an error.

Each file is read by :mod:`~hmdesk.core.toolchain.project_file` (a :class:`ProjectError` names
the file and line).
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from typing import Any

from hmdesk.core.toolchain.hdc import (
    InvalidName,
    validate_ability,
    validate_bundle,
    validate_module,
)
from hmdesk.core.toolchain.project import (
    DEFAULT_BUILD_MODES,
    Ability,
    Dependency,
    HvigorConfig,
    Module,
    Product,
    Project,
    SigningConfig,
    Target,
)
from hmdesk.core.toolchain.project_file import (
    ProjectError,
    as_list,
    as_object,
    line_of,
    load_json5_file,
    nonempty_str,
)

LAUNCHER_ENTITY = "entity.system.home"


def read_app(root: Path) -> tuple[str, int | None, str | None]:
    path = root / "AppScope" / "app.json5"
    data, text = load_json5_file(path)
    if not isinstance(data, dict):
        raise ProjectError(path, 1, 'the top level must be an object with an "app" key.')
    if "app" not in data:
        raise ProjectError(path, None, 'missing the "app" object.')
    app = as_object(data["app"], path, text, "app")
    bundle = app.get("bundleName")
    if not isinstance(bundle, str) or not bundle:
        raise ProjectError(
            path,
            line_of(text, "app"),
            'missing "bundleName" in "app": add e.g. "bundleName": "com.example.myapp".',
        )
    try:
        validate_bundle(bundle)
    except InvalidName as exc:
        raise ProjectError(path, line_of(text, "bundleName"), str(exc)) from None
    code = app.get("versionCode")
    version_code = code if isinstance(code, int) and not isinstance(code, bool) else None
    return bundle, version_code, nonempty_str(app.get("versionName"))


def read_module(module_dir: Path) -> Module:
    path = module_dir / "src" / "main" / "module.json5"
    data, text = load_json5_file(path)
    if not isinstance(data, dict) or "module" not in data:
        raise ProjectError(path, 1, 'missing the "module" object.')
    mod = as_object(data["module"], path, text, "module")
    name = mod.get("name")
    if not isinstance(name, str) or not name:
        raise ProjectError(path, line_of(text, "module"), 'missing "name" in "module".')
    mtype = nonempty_str(mod.get("type"))
    if mtype is None:
        raise ProjectError(
            path,
            line_of(text, "module"),
            'missing "type" in "module" (entry, feature, shared or har).',
        )
    if mtype in ("entry", "feature"):  # its name goes to `aa start -m`; libraries' names do not
        try:  # (OpenHarmony's Settings names its HAR `settings.common`)
            validate_module(name)
        except InvalidName as exc:
            raise ProjectError(path, line_of(text, "name"), str(exc)) from None
    abilities: list[Ability] = []
    for i, ab in enumerate(as_list(mod.get("abilities"), path, text, "abilities")):
        if not isinstance(ab, dict) or not nonempty_str(ab.get("name")):
            raise ProjectError(path, line_of(text, "abilities"), f'abilities[{i}] has no "name".')
        ab_name = ab["name"]
        try:
            validate_ability(ab_name)
        except InvalidName as exc:
            raise ProjectError(path, line_of(text, "abilities"), str(exc)) from None
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
                src_entry=nonempty_str(ab.get("srcEntry")),
                exported=bool(ab.get("exported", False)),
                launcher=launcher,
            )
        )
    main = nonempty_str(mod.get("mainElement"))
    devices = [
        d for d in as_list(mod.get("deviceTypes"), path, text, "deviceTypes") if isinstance(d, str)
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
        name = nonempty_str(t.get("name")) if isinstance(t, dict) else None
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
    data, _text = load_json5_file(path)
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
    data, text = load_json5_file(path)
    if not isinstance(data, dict):
        raise ProjectError(path, 1, "the top level must be an object.")
    app = as_object(data.get("app", {}), path, text, "app")
    configs: list[SigningConfig] = []
    for i, sc in enumerate(as_list(app.get("signingConfigs"), path, text, "signingConfigs")):
        if not isinstance(sc, dict) or not nonempty_str(sc.get("name")):
            raise ProjectError(
                path, line_of(text, "signingConfigs"), f'signingConfigs[{i}] has no "name".'
            )
        raw_mat = sc.get("material")
        mat: dict[str, Any] = raw_mat if isinstance(raw_mat, dict) else {}
        configs.append(
            SigningConfig(
                name=sc["name"],
                type=nonempty_str(sc.get("type")),
                profile=nonempty_str(mat.get("profile")),
                store_file=nonempty_str(mat.get("storeFile")),
                cert_path=nonempty_str(mat.get("certpath")),
                sign_alg=nonempty_str(mat.get("signAlg")),
            )
        )
    products: list[Product] = []
    for i, pr in enumerate(as_list(app.get("products"), path, text, "products")):
        if not isinstance(pr, dict) or not nonempty_str(pr.get("name")):
            raise ProjectError(path, line_of(text, "products"), f'products[{i}] has no "name".')
        sdk = pr.get("compatibleSdkVersion")
        products.append(
            Product(
                name=pr["name"],
                signing_config=nonempty_str(pr.get("signingConfig")),
                compatible_sdk_version=str(sdk) if sdk is not None else None,
                runtime_os=nonempty_str(pr.get("runtimeOS")),
            )
        )
    if build_modes is not None:
        modes = as_list(app.get("buildModeSet"), path, text, "buildModeSet")
        names = [
            bm["name"] for bm in modes if isinstance(bm, dict) and nonempty_str(bm.get("name"))
        ]
        build_modes[:] = names or list(DEFAULT_BUILD_MODES)
    modules: list[tuple[str, Path]] = []
    for i, m in enumerate(as_list(data.get("modules"), path, text, "modules")):
        if not isinstance(m, dict) or not nonempty_str(m.get("name")):
            raise ProjectError(path, line_of(text, "modules"), f'modules[{i}] has no "name".')
        targets[m["name"]] = _targets(m.get("targets"))
        src = nonempty_str(m.get("srcPath")) or f"./{m['name']}"
        try:
            module_dir = (root / src).resolve()
        except (OSError, RuntimeError, ValueError) as exc:  # a NUL byte, a symlink loop
            raise ProjectError(
                path, line_of(text, "modules"), f"modules[{i}] has an unusable srcPath {src!r}."
            ) from exc
        modules.append((m["name"], module_dir))
    return configs, products, modules


def read_dependencies(folder: Path, owner: str) -> list[Dependency]:
    """The dependencies of ``folder/oh-package.json5`` (none when there is no such file)."""
    path = folder / "oh-package.json5"
    if not path.exists():
        return []
    data, text = load_json5_file(path)
    if not isinstance(data, dict):
        raise ProjectError(path, 1, "the top level must be an object.")
    out: list[Dependency] = []
    for key, dev in (("dependencies", False), ("devDependencies", True)):
        for name, spec in as_object(data.get(key, {}), path, text, key).items():
            if not isinstance(spec, str):
                raise ProjectError(
                    path, line_of(text, name), f'"{name}": the version must be a string.'
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
    data, text = load_json5_file(path)
    if not isinstance(data, dict):
        raise ProjectError(path, 1, "the top level must be an object.")
    deps = as_object(data.get("dependencies", {}), path, text, "dependencies")
    return HvigorConfig(
        file=path,
        model_version=nonempty_str(data.get("modelVersion")),
        hvigor_version=nonempty_str(data.get("hvigorVersion")),
        plugins={k: v for k, v in deps.items() if isinstance(v, str)},
    )


def _model_version(root: Path) -> str | None:
    data, _text = load_json5_file(root / "oh-package.json5")
    return nonempty_str(data.get("modelVersion")) if isinstance(data, dict) else None


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
            line_of(load_json5_file(profile)[1], "modules"),
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
