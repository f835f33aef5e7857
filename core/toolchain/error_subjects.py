"""What a build tool's error is about, from the things its message names: a project file's
class (a ``.p12`` is signing, ``oh-package.json5`` is ohpm), what the operating system refused, a
project file that is not there, the hap-sign-tool input a signing error is about, a module name
the resolver could not find. Pure text in, data out."""

from __future__ import annotations

import re

# a project file the message names → the class its errors belong to (only decides "possibly")
_NAMED_FILES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(rx, re.I), kind)
    for rx, kind in (
        (
            r"\.(?:p12|p7b|cer)\b|signingConfig|keystore|storeFile|keyAlias|(?<![A-Za-z])UDID(?![A-Za-z])|"
            r"(?<![-$:A-Za-z])profile\s*(?:验证|签名|文件|file|verif)",
            "signing",
        ),
        (
            r"oh-package(?:-lock)?\.json5|\.ohpmrc|oh_modules|\bohpm\b|\bregistr(?:y|ies)\b|"
            r"package '@[\w.-]+/",
            "ohpm-deps",
        ),
        (r"compatibleSdkVersion|targetSdkVersion|\bAPI ?\d{1,2}\b|apiVersion", "sdk-version"),
        (r"\.ets\b", "arkts-source"),
        (r"CMakeLists\.txt|\.(?:cpp|cc|c|h|hpp)\b|\.cxx\b|\blib\w+\.so\b", "native"),
        (r"hvigor-config\.json5|hvigorfile\.ts|hvigor-ohos-plugin|modelVersion", "hvigor-version"),
        (r"build-profile\.json5|module\.json5|app\.json5|\bresources?[\\/]", "config"),
        (r"DEVECO_SDK_HOME|\bsdk[\\/]", "sdk-home"),
        (r"JAVA_HOME|\bjava\b|\.jar\b|\bJDK\b", "java"),
        (r"NODE_HOME|\bnode(?:\.exe)?\b|node_modules|\bnpmrc\b", "hvigor-env"),
    )
)


def named_kind(text: str) -> str | None:
    for rx, kind in _NAMED_FILES:
        if rx.search(text):
            return kind
    return None


# what the operating system refused (Node's errno names, the usual OS phrases): a file that cannot
# be written is the project's place, whatever tool met it
_OS_REFUSAL: tuple[tuple[re.Pattern[str], str], ...] = (
    # the process's limit of open files: the machine's, whatever file it was opening
    (re.compile(r"\bE[MN]FILE\b|[Tt]oo many open files"), "hvigor-env"),
    (
        re.compile(
            r"\bENAMETOOLONG\b|[Ff]ile ?name (?:is )?too long|path too long|"
            # Windows refuses a path over MAX_PATH on a file operation with EINVAL
            r"\bEINVAL\b[^\n]*\b(?:mkdir|open|scandir|copyfile|rename|symlink|lstat|stat)\b"
        ),
        "long-path",
    ),
    (
        re.compile(
            r"\bE(?:PERM|ACCES|BUSY|ROFS)\b|[Oo]peration not permitted|[Pp]ermission denied|"
            r"[Aa]ccess is denied|[Rr]ead-only file system|[Ff]ailed to (?:delete|remove|write)"
            r" the (?:directory or )?file|being used by another process"
        ),
        "project-path",
    ),
)


# a path or a file the refusal is about (``C:\\a\\b``, ``/x/y``, ``name.ext``): an OS refusal
# that names none (``Kill server failed: operation not permitted``) is no project's place
_PATH_NAMED = re.compile(r"[\\/]|\b\w[\w.-]*\.[A-Za-z][\w]{0,7}\b")


def os_refusal(text: str) -> str | None:
    """The class of what the operating system refused in ``text`` (None: nothing refused, or a
    refusal that names no path or file); a project file that is not there
    (:func:`missing_project_file`) is the project's structure."""
    for rx, kind in _OS_REFUSAL:
        if rx.search(text):
            return kind if _PATH_NAMED.search(text) else None
    return "config" if missing_project_file(text) else None


# a file the OS says is not there (Node's ``ENOENT: no such file or directory, open '<path>'``)
_NO_SUCH_FILE = re.compile(
    r"(?:\bENOENT\b|[Nn]o such file or directory)[^\n]*?['\"`‘](?P<path>[^'\"`’\n]+)['\"`’]"
)
# the files every project and module of its own has (the template's): one missing is the project's
# structure, whatever the file configures (dependencies, signing, the SDK)
_PROJECT_FILE = re.compile(
    r"(?:^|[\\/])(?:(?:oh-package|build-profile|module|app|hvigor-config)\.json5|hvigorfile\.ts)$",
    re.I,
)
# an installed package's or hvigor's own cache: not the project's files
_INSTALLED = re.compile(r"[\\/](?:oh_modules|node_modules|\.ohpm|\.hvigor|project_caches)[\\/]")


def missing_project_file(text: str) -> str | None:
    """The path of a project's own file (a module's or the root's oh-package.json5,
    build-profile.json5, module.json5, app.json5, hvigor-config.json5, hvigorfile.ts) that the OS
    says does not exist in ``text``; None for any other file (one under oh_modules, node_modules
    or hvigor's caches belongs to a package or to hvigor)."""
    m = _NO_SUCH_FILE.search(text)
    if m is None:
        return None
    path = m.group("path").strip()
    return path if _PROJECT_FILE.search(path) and not _INSTALLED.search(path) else None


# hap-sign-tool's inputs on its command line (``sign-app … -keystoreFile C:\\s\\debug.p12 …
# -profileFile C:\\s\\debug.p7b -appCertFile …``), and its own line before it opens the keystore
_SIGN_INPUT = re.compile(
    r"(?<![\w-])-(?P<opt>keystoreFile|profileFile|appCertFile)\s+(?P<path>\"[^\"\n]+\"|\S+)"
)
_KEYSTORE_LOADED = re.compile(r"(?<!\S)(?P<path>\S+\.(?:p12|jks|pfx)) is exist\b")
# what a signing error is about → the input that holds it (a password opens the keystore)
_SIGN_SUBJECTS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"key ?store|\.p12\b|password|passwd|\balias\b|storeFile", re.I), "keystoreFile"),
    (re.compile(r"profile|\.p7b\b|provision", re.I), "profileFile"),
    (re.compile(r"certificate|\bcert\b|\.cer\b", re.I), "appCertFile"),
)


def signing_input(said: str, text: str) -> str | None:
    """The file hap-sign-tool was given that a signing error is about (``said``: its code's
    meaning and message): the keystore for a keystore or password error, the profile, the
    certificate, from the tool's command line (or its "… is exist" line) in ``text``."""
    opt = next((o for rx, o in _SIGN_SUBJECTS if rx.search(said)), None)
    if opt is None:
        return None
    given = {m.group("opt"): m.group("path").strip('"') for m in _SIGN_INPUT.finditer(text)}
    if opt in given:
        return given[opt]
    loaded = _KEYSTORE_LOADED.search(text) if opt == "keystoreFile" else None
    return loaded.group("path") if loaded else None


# the project's configuration files: an error hvigor places at one (its ``at <module.json5>``
# line) is that file's, even when its words name the source file the entry points at (an
# ability's srcEntry, a page, a native library's CMakeLists.txt)
_CONFIG_PLACE = re.compile(
    r"(?:^|[\\/])(?:module|app|build-profile|oh-package|hvigor-config|main_pages|route_map|form_config)\.json5?(?::\d+){0,2}$",
    re.I,
)


def place_kind(message: str, location: str | None) -> str | None:
    """The class of the project file an error is about: the file named in ``message``
    (:func:`named_kind`), unless the error's place is a configuration file and the message only
    names a source the configuration points at (then "config")."""
    named = named_kind(message)
    if named in ("arkts-source", "native") and location and _CONFIG_PLACE.search(location):
        return "config"
    return named


# a name the module resolver could not find (``Cannot find module '@kit.X'``, ``Could not resolve
# "./a"``) or hvigor's OhmUrl (the name a module or dependency is known by) it could not resolve
_UNRESOLVED_NAME = re.compile(
    r"(?:Cannot find module|Could not resolve)\s*[‘'`\"](?P<name>[^’'`\"]+)|(?P<ohm>OhmUrl)"
)


def unresolved_module(message: str) -> str | None:
    """The module name a resolver could not find in ``message`` ("OhmUrl" when hvigor could not
    resolve a module's OhmUrl); None when the message is not about an unresolved name."""
    m = _UNRESOLVED_NAME.search(message)
    if m is None:
        return None
    return m.group("name") or "OhmUrl"
