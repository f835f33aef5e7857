"""hdc, the HarmonyOS device connector: what to run and what its output means. Nothing here runs
a process (:mod:`hmdesk.core.toolchain.process` does).

The package API, re-exported from its modules:

* :mod:`.names` — :class:`InvalidName` and ``validate_bundle/module/ability/device_key``: the
  names that reach the device's shell, checked against their documented (shell-safe) formats;
* :mod:`.argv` — the argv builders (``install_argv``, ``aa_start_argv``, ``hilog_argv``, ...);
* :mod:`.hdc_codes`, :mod:`.bm_codes`, :mod:`.aa_codes` — what hdc's ``E0xxxxx``, bm's install
  and aa's error codes mean, with fixes;
* :mod:`.outcomes` — :class:`Outcome` and the classifiers of a command's output
  (``classify_install``, ``classify_aa_start``, ...): hdc exits 0 on almost everything, so only
  the positive line makes a command pass;
* :mod:`.targets` — ``hdc list targets -v``: :class:`Device`, :class:`TargetsResult`,
  :func:`parse_targets` and the guidance for Offline / Unauthorized devices.
"""

from __future__ import annotations

from hmdesk.core.toolchain.hdc.aa_codes import AA_CODES
from hmdesk.core.toolchain.hdc.argv import (
    HILOG_LEVELS,
    HILOG_TAG_RE,
    MAX_HILOG_PIDS,
    MAX_HILOG_TAGS,
    aa_start_argv,
    bm_dump_argv,
    force_stop_argv,
    hilog_argv,
    hilog_clear_argv,
    hilog_dump_argv,
    install_argv,
    list_targets_argv,
    uninstall_argv,
)
from hmdesk.core.toolchain.hdc.bm_codes import INSTALL_CODES
from hmdesk.core.toolchain.hdc.hdc_codes import (
    FAIL_PROSE,
    HDC_FAIL_CODES,
    SERVER_FAILED_FIX,
    OutcomeKind,
)
from hmdesk.core.toolchain.hdc.names import (
    ABILITY_RE,
    BUNDLE_RE,
    DEVICE_KEY_RE,
    MODULE_RE,
    InvalidName,
    validate_ability,
    validate_bundle,
    validate_device_key,
    validate_module,
)
from hmdesk.core.toolchain.hdc.outcomes import (
    Outcome,
    ability_names,
    classify_aa_start,
    classify_fail,
    classify_force_stop,
    classify_hilog_clear,
    classify_install,
    classify_uninstall,
    parse_bm_dump,
)
from hmdesk.core.toolchain.hdc.targets import (
    CONNECTIONS,
    DEVICE_GUIDANCE,
    NO_DEVICE_FIX,
    STATES,
    Connection,
    Device,
    DeviceState,
    TargetsResult,
    TargetsStatus,
    connection_type,
    device_state,
    parse_targets,
)

__all__ = [
    "AA_CODES",
    "ABILITY_RE",
    "BUNDLE_RE",
    "CONNECTIONS",
    "DEVICE_GUIDANCE",
    "DEVICE_KEY_RE",
    "FAIL_PROSE",
    "HDC_FAIL_CODES",
    "HILOG_LEVELS",
    "HILOG_TAG_RE",
    "INSTALL_CODES",
    "MAX_HILOG_PIDS",
    "MAX_HILOG_TAGS",
    "MODULE_RE",
    "NO_DEVICE_FIX",
    "SERVER_FAILED_FIX",
    "STATES",
    "Connection",
    "Device",
    "DeviceState",
    "InvalidName",
    "Outcome",
    "OutcomeKind",
    "TargetsResult",
    "TargetsStatus",
    "aa_start_argv",
    "ability_names",
    "bm_dump_argv",
    "classify_aa_start",
    "classify_fail",
    "classify_force_stop",
    "classify_hilog_clear",
    "classify_install",
    "classify_uninstall",
    "connection_type",
    "device_state",
    "force_stop_argv",
    "hilog_argv",
    "hilog_clear_argv",
    "hilog_dump_argv",
    "install_argv",
    "list_targets_argv",
    "parse_bm_dump",
    "parse_targets",
    "uninstall_argv",
    "validate_ability",
    "validate_bundle",
    "validate_device_key",
    "validate_module",
]
