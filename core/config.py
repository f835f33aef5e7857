"""hmdesk's settings: ONE small JSON file that the window (Preferences, Ctrl+,) and the command
line (``hmdesk-cli config``) share, and that every command reads.

The file is ``<user config dir>/hmdesk/config.json`` (platformdirs), or ``HMDESK_CONFIG`` when
set. It holds at most these keys, each a string:

======== ============================================ ==========================================
key      what                                         environment variable that wins over it
======== ============================================ ==========================================
hdc      the hdc executable                           ``HMDESK_HDC``
hvigorw  the hvigorw script                           ``HMDESK_HVIGORW``
sdk      the DevEco SDK folder (``DEVECO_SDK_HOME``)  ``DEVECO_SDK_HOME``
node     Node.js for hvigor (``NODE_HOME``)           ``NODE_HOME``
editor   the command that opens ``file:line``         ``HMDESK_EDITOR`` (``VISUAL``, ``EDITOR``
                                                      are used only when neither is set)
theme    ``system``, ``light`` or ``dark``            ``HMDESK_THEME``
db       the database file, or a ``postgresql://``     ``HMDESK_DB`` (``--db`` wins over both)
         URL (a team store; never with a password)
user     who you are in a team store (the actor of    ``HMDESK_USER``
         your changes; default: the system login)
embed_*  an OpenAI-compatible ``/embeddings``         ``HMDESK_EMBED_URL``, ``HMDESK_EMBED_MODEL``,
         endpoint: ``embed_url`` (the API base),      ``HMDESK_EMBED_KEY``
         ``embed_model``, ``embed_key`` (secret)
mcp_*    the agent's MCP server (``hmdesk-cli mcp``): none: an agent's own configuration must
         ``mcp_device_tools`` (``on``/``off``: build    not be able to turn these on
         and run on a device), ``mcp_projects`` (the
         folders whose projects it may build, joined
         by the path separator), ``mcp_auto_accept``
         (``on``: an agent's proposals become
         memories without review)
======== ============================================ ==========================================

``embed_key`` is a secret (:data:`SECRET_KEYS`): what shows settings shows :func:`shown` instead,
and a ``db`` URL is shown with its password redacted. The file is written mode 0600 (owner only),
and a file found readable by others is made 0600 when it is read.

:func:`effective` says which value a command uses and where it came from. Writes are atomic (a
temporary file beside it, then ``os.replace``) and made under a lock file beside it
(``config.json.lock``), so two ``config set`` at once both land. The file is read through
:func:`hmdesk.core.bounded.read_input` (a regular file of at most 1 MB: ``/dev/zero`` or a FIFO
named by ``HMDESK_CONFIG`` is refused, never read). A file that cannot be read as settings raises
:class:`ConfigError` naming the file; it is never overwritten, so nothing in it is lost.

The lowest core layer but for :mod:`hmdesk.core.bounded`: the standard library, platformdirs and
filelock.
"""

from __future__ import annotations

import contextlib
import json
import os
import shlex
import threading
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Literal, get_args

from hmdesk.core.bounded import InputError, loads_json, read_input
from hmdesk.core.url_redaction import redact_url

APP_NAME = "hmdesk"
CONFIG_ENV = "HMDESK_CONFIG"

Key = Literal[
    "hdc",
    "hvigorw",
    "sdk",
    "node",
    "editor",
    "theme",
    "db",
    "user",
    "embed_url",
    "embed_model",
    "embed_key",
    "mcp_device_tools",
    "mcp_projects",
    "mcp_auto_accept",
]
KEYS: tuple[Key, ...] = get_args(Key)
THEMES = ("system", "light", "dark")

ENV_VARS: dict[str, str] = {
    "hdc": "HMDESK_HDC",
    "hvigorw": "HMDESK_HVIGORW",
    "sdk": "DEVECO_SDK_HOME",
    "node": "NODE_HOME",
    "editor": "HMDESK_EDITOR",
    "theme": "HMDESK_THEME",
    "db": "HMDESK_DB",
    "user": "HMDESK_USER",
    "embed_url": "HMDESK_EMBED_URL",
    "embed_model": "HMDESK_EMBED_MODEL",
    "embed_key": "HMDESK_EMBED_KEY",
}
"""The environment variable that wins over each key (the ``mcp_*`` keys have none: what an agent
may do on a device is the user's choice in Preferences or ``hmdesk-cli config``, never something
the agent's own start-up environment can set)."""

FALLBACK_ENV: dict[str, tuple[str, ...]] = {"editor": ("VISUAL", "EDITOR")}
"""Variables read only when neither the key's own variable nor the file sets a value."""

DEFAULTS: dict[str, str] = {"theme": "system", "mcp_device_tools": "off", "mcp_auto_accept": "off"}

SWITCH_KEYS = frozenset({"mcp_device_tools", "mcp_auto_accept"})
"""Keys whose value is ``on`` or ``off``."""

DESCRIPTIONS: dict[str, str] = {
    "hdc": "the hdc executable (default: found on PATH or in DevEco Studio / Command Line Tools)",
    "hvigorw": "the hvigorw script (default: found on PATH or in DevEco Studio / CLT)",
    "sdk": "the DevEco SDK folder, passed to hvigorw as DEVECO_SDK_HOME",
    "node": "the Node.js folder (or node executable) hvigorw runs with, as NODE_HOME",
    "editor": "the command that opens file:line, e.g. 'code --goto {file}:{line}:{col}'",
    "theme": "system, light or dark",
    "db": "the database file, or a postgresql://user@host/db URL for a team store "
    "(default: hmdesk.db in the user data folder)",
    "user": "your name in a team store, written on your changes (default: the system login)",
    "embed_url": "an OpenAI-compatible embeddings API base, e.g. https://api.example.com/v1",
    "embed_model": "the model that endpoint embeds with, e.g. text-embedding-3-small",
    "embed_key": "the endpoint's API key (sent as a Bearer token; never shown)",
    "mcp_device_tools": "on lets an agent build and run on a device through hmdesk-cli mcp "
    "(default off)",
    "mcp_projects": "the folders whose projects an agent may build and run, joined by "
    f"{os.pathsep!r}",
    "mcp_auto_accept": "on makes an agent's proposed memories memories at once, without review "
    "(default off)",
}

SECRET_KEYS = frozenset({"embed_key"})
"""Keys whose value is never printed or logged (:func:`shown`)."""

PATH_KEYS = frozenset({"hdc", "hvigorw", "sdk", "node", "db"})


class ConfigError(Exception):
    """The settings file cannot be read or written, or a value is not valid. The message names
    the file (or the key) and says what to do."""


def config_path() -> Path:
    """The settings file: ``HMDESK_CONFIG``, else ``<user config dir>/config.json``."""
    env = os.environ.get(CONFIG_ENV)
    if env:
        return Path(env).expanduser()
    from platformdirs import user_config_path

    return user_config_path(APP_NAME, appauthor=False) / "config.json"


def check_key(key: str) -> Key:
    if key not in KEYS:
        raise ConfigError(f"unknown setting {key!r}; the settings are {', '.join(KEYS)}")
    return key


def validate(key: str, value: object) -> str:
    """``value`` as stored for ``key`` (trimmed); :class:`ConfigError` says why it is not valid."""
    key = check_key(key)
    if not isinstance(value, str):
        raise ConfigError(f"{key} must be text, not {type(value).__name__}")
    text = value.strip()
    if not text:
        raise ConfigError(f"{key} is empty; to clear it use unset")
    if "\x00" in text or "\n" in text or "\r" in text:
        raise ConfigError(f"{key} must be one line without NUL characters")
    if key == "theme":
        text = text.lower()
        if text not in THEMES:
            raise ConfigError(f"theme must be one of {', '.join(THEMES)}, not {value!r}")
    elif key == "editor":
        try:
            argv = shlex.split(text)
        except ValueError as exc:
            raise ConfigError(f"editor {text!r} cannot be split into words: {exc}") from exc
        if not argv:
            raise ConfigError("editor is empty; to clear it use unset")
    elif key == "db" and _url_password(text):
        raise ConfigError(
            "the db URL holds a password, which would be stored in clear: set it without the "
            "password and put the password in PGPASSFILE (~/.pgpass) or the system keyring "
            "(hmdesk-cli team login URL)"
        )
    elif key in SWITCH_KEYS:
        text = text.lower()
        if text not in ("on", "off"):
            raise ConfigError(f"{key} must be on or off, not {value!r}")
    elif key == "embed_url" and not text.lower().startswith(("http://", "https://")):
        raise ConfigError(f"embed_url must be an http:// or https:// URL, not {value!r}")
    return text


def _url_password(text: str) -> bool:
    """A ``postgresql://user:password@…`` URL (or ``?password=``) holds a password."""
    if not text.lower().startswith(("postgresql://", "postgresql+psycopg://", "postgres://")):
        return False
    netloc = text.split("://", 1)[1].split("/", 1)[0]
    return ("@" in netloc and ":" in netloc.rsplit("@", 1)[0]) or "password=" in text.lower()


def shown(key: str, value: str | None) -> str | None:
    """``value`` as it may be printed: a secret key's value is replaced by ``(hidden)``, a URL's
    password by ``***`` (:func:`hmdesk.core.url_redaction.redact_url`)."""
    if value is None:
        return value
    if key in SECRET_KEYS:
        return "(hidden)"
    return redact_url(value)


MAX_BYTES = 1024 * 1024
"""The largest settings file read (a real one is under 2 kB)."""


def _private(path: Path) -> None:
    """Make the settings file readable by its owner only (it may hold ``embed_key``)."""
    if os.name != "posix":
        return  # Windows: the file lives in the user's own profile folder
    with contextlib.suppress(OSError):  # not ours to change: reading goes on
        if os.stat(path).st_mode & 0o077:
            os.chmod(path, 0o600)


def load(path: Path | None = None) -> dict[str, str]:
    """The settings in the file (``{}`` when there is none). Raises :class:`ConfigError` when the
    file exists but is not a JSON object of known keys with valid values."""
    path = config_path() if path is None else path
    try:
        raw = read_input(path, limit=MAX_BYTES, what="the settings file")
    except FileNotFoundError:
        return {}
    except InputError as exc:
        raise ConfigError(f"{exc}. Move it away, or point {CONFIG_ENV} at a file.") from exc
    _private(path)
    fix = "It was left untouched; fix it in a text editor, or move it away to start afresh."
    try:
        data = loads_json(raw.decode("utf-8"), f"the settings file {path}") if raw.strip() else {}
    except InputError as exc:
        raise ConfigError(f"{exc}. {fix}") from exc
    except UnicodeDecodeError as exc:
        raise ConfigError(f"the settings file {path} is not UTF-8 text. {fix}") from exc
    except json.JSONDecodeError as exc:
        raise ConfigError(
            f"the settings file {path} is not valid JSON (line {exc.lineno}, column "
            f"{exc.colno}: {exc.msg}). {fix}"
        ) from exc
    if not isinstance(data, dict):
        raise ConfigError(f"the settings file {path} does not hold a JSON object. {fix}")
    out: dict[str, str] = {}
    for key, value in data.items():
        if key not in KEYS:
            # a key of a newer hmdesk is kept in the file and ignored here
            continue
        try:
            out[key] = validate(key, value)
        except ConfigError as exc:
            raise ConfigError(f"the settings file {path} has a bad value: {exc}. {fix}") from exc
    return out


def _write_atomic(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}-{threading.get_ident()}.tmp")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with open(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except OSError:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise


def save(values: Mapping[str, str], path: Path | None = None) -> Path:
    """Write ``values`` (each validated) over the file's known keys, atomically; keys this version
    does not know are kept. Refuses (:class:`ConfigError`) to replace a file it cannot read."""
    path = config_path() if path is None else path
    clean = {check_key(k): validate(k, v) for k, v in values.items()}
    load(path)  # a damaged file is never replaced
    keep: dict[str, object] = {}
    with contextlib.suppress(OSError, ValueError, AttributeError):
        old = loads_json(
            read_input(path, limit=MAX_BYTES, what="the settings file") or b"{}", str(path)
        )
        keep = {k: v for k, v in old.items() if k not in KEYS}
    ordered = {k: clean[k] for k in KEYS if k in clean}
    try:
        _write_atomic(path, json.dumps({**ordered, **keep}, indent=2, ensure_ascii=False) + "\n")
    except OSError as exc:
        raise ConfigError(
            f"cannot write the settings file {path}: {exc.strerror}. Nothing was changed; check "
            "that its folder is writable."
        ) from exc
    return path


@contextlib.contextmanager
def _locked(path: Path | None) -> Iterator[Path]:
    """Hold the settings file's lock (a file beside it) for one read-modify-write."""
    from filelock import FileLock, Timeout

    path = config_path() if path is None else path
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with FileLock(str(path.with_name(path.name + ".lock")), timeout=10):
            yield path
    except Timeout as exc:
        raise ConfigError(
            f"another hmdesk has been changing the settings file {path} for 10 s; try again"
        ) from exc
    except OSError as exc:
        raise ConfigError(f"cannot lock the settings file {path}: {exc.strerror}") from exc


def set_value(key: str, value: str, path: Path | None = None) -> str:
    """Store one setting (read, change, write under the file's lock); returns it as stored."""
    key = check_key(key)
    clean = validate(key, value)
    with _locked(path) as where:
        values = load(where)
        values[key] = clean
        save(values, where)
    return clean


def unset(key: str, path: Path | None = None) -> bool:
    """Remove one setting; False when it was not set."""
    key = check_key(key)
    with _locked(path) as where:
        values = load(where)
        if key not in values:
            return False
        del values[key]
        save(values, where)
    return True


def effective(
    key: str,
    env: Mapping[str, str] | None = None,
    *,
    values: Mapping[str, str] | None = None,
) -> tuple[str | None, str]:
    """The value a command uses for ``key`` and where it came from: ``("…", "env HMDESK_HDC")``,
    ``("…", "config")``, ``("system", "default")``, or ``(None, "unset")``.

    ``values`` are the file's settings when already loaded (else the file is read, and a damaged
    one raises :class:`ConfigError`)."""
    key = check_key(key)
    env = os.environ if env is None else env
    var = ENV_VARS.get(key)
    if var and env.get(var, "").strip():
        return env[var].strip(), f"env {var}"
    stored = (load() if values is None else values).get(key)
    if stored:
        return stored, "config"
    for fallback in FALLBACK_ENV.get(key, ()):
        if env.get(fallback, "").strip():
            return env[fallback].strip(), f"env {fallback}"
    if key in DEFAULTS:
        return DEFAULTS[key], "default"
    return None, "unset"


def describe_source(source: str) -> str:
    """``effective``'s source as a person reads it."""
    if source.startswith("env "):
        return f"the environment variable {source[4:]}"
    return {
        "config": f"the settings file {config_path()}",
        "default": "the default",
        "unset": "not set",
    }.get(source, source)


def switched_on(key: str, values: Mapping[str, str] | None = None) -> bool:
    """Whether the on/off setting ``key`` is on."""
    value, _source = effective(key, values=values)
    return value == "on"


def folders(key: str, values: Mapping[str, str] | None = None) -> list[Path]:
    """The folders of a setting that lists them joined by ``os.pathsep``, resolved."""
    value, _source = effective(key, values=values)
    return [Path(p).expanduser().resolve() for p in (value or "").split(os.pathsep) if p.strip()]


def node_home(value: str) -> str:
    """``NODE_HOME`` for a ``node`` setting that names the Node.js folder or its executable
    (``…/bin/node`` → ``…``; ``…/node.exe`` → its folder)."""
    p = Path(value).expanduser()
    if p.is_file():
        p = p.parent
        if p.name == "bin":
            p = p.parent
    return str(p)
