"""A HarmonyOS project as hmdesk knows it: its modules (and their abilities and build targets),
signing configs, products, build modes, the dependencies its ``oh-package.json5`` files declare and
its ``hvigor/hvigor-config.json5``. What a run can build comes from them: products, HAP modules,
each module's targets. Read by :func:`hmdesk.core.toolchain.project_reader.read_project`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


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
