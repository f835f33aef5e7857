"""What can be done to the app on a device besides a run: uninstall it, clear its data.

* uninstall — ``hdc -t KEY uninstall BUNDLE``: passes only on ``uninstall bundle successfully``;
  ``missing installed bundle`` says the app is not installed;
* clear data — ``hdc -t KEY shell bm clean -n BUNDLE -d``: passes only on
  ``clean bundle data files successfully.``; bm prints ``error: failed to clean bundle data
  files.`` otherwise.

hdc exits 0 on failures too, so the positive line decides, as for the pipeline's steps. These
are one-shot commands, not runs: nothing is stored. Call them off the GUI thread.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from hmdesk.core.toolchain.hdc import validate_bundle, validate_device_key
from hmdesk.core.toolchain.hdc.argv import uninstall_argv
from hmdesk.core.toolchain.hdc.outcomes import Outcome, classify_fail, classify_uninstall
from hmdesk.core.toolchain.process import CancelToken, run_streaming

AppAction = Literal["uninstall", "clear-data"]
ACTION_TIMEOUT = 60.0
CLEAN_OK = "clean bundle data files successfully"
CLEAN_FAILED = "failed to clean bundle data files"


def clear_data_argv(hdc: str, key: str, bundle: str) -> list[str]:
    """``hdc -t KEY shell bm clean -n BUNDLE -d`` (the app's data folder, for the current user)."""
    return [
        hdc,
        "-t",
        validate_device_key(key),
        "shell",
        "bm",
        "clean",
        "-n",
        validate_bundle(bundle),
        "-d",
    ]


def classify_clear_data(text: str, exit_code: int | None = 0) -> Outcome:
    fail = classify_fail(text)
    if fail is not None:
        return fail
    if CLEAN_OK in text and (exit_code is None or exit_code == 0):
        return Outcome(True, "app data cleared")
    line = next((ln.strip() for ln in text.splitlines() if "error" in ln.lower()), None)
    return Outcome(
        False,
        "the device did not clear the app data" + (f": {line}" if line else ""),
        meaning=CLEAN_FAILED if line and CLEAN_FAILED in line else None,
        fix="Check the bundle name, that the app is installed, and that the device is unlocked.",
        evidence=line,
        kind="hdc",
    )


@dataclass(frozen=True)
class ActionResult:
    """How an app action went: ``ok``, and one line for the user (what happened, what to do)."""

    action: AppAction
    ok: bool
    message: str
    argv: tuple[str, ...]


def run_app_action(
    action: AppAction,
    hdc: str,
    key: str,
    bundle: str,
    *,
    env: Mapping[str, str] | None = None,
    cancel: CancelToken | None = None,
    timeout: float = ACTION_TIMEOUT,
) -> ActionResult:
    """Uninstall ``bundle`` from device ``key``, or clear its data. Raises ``InvalidName`` for
    a bad key or bundle; never for what the device answers (that is in the result)."""
    if action == "uninstall":
        argv = uninstall_argv(hdc, key, bundle)
    else:
        argv = clear_data_argv(hdc, key, bundle)
    lines: list[str] = []
    res = run_streaming(
        argv, env=env, timeout=timeout, cancel=cancel, on_line=lambda _s, t: lines.append(t)
    )
    what = "Uninstall" if action == "uninstall" else "Clearing the app data"
    if res.error:
        return ActionResult(action, False, f"{what} failed: {res.error}", tuple(argv))
    if res.timed_out:
        msg = f"{what} got no answer within {timeout:g} s: check the device connection."
        return ActionResult(action, False, msg, tuple(argv))
    if res.cancelled:
        return ActionResult(action, False, f"{what} was cancelled.", tuple(argv))
    text = "\n".join(lines)
    if action == "uninstall":
        outcome = classify_uninstall(text, res.exit_code)
        done = f"Uninstalled {bundle} from {key}."
    else:
        outcome = classify_clear_data(text, res.exit_code)
        done = f"Cleared the data of {bundle} on {key}."
    if outcome.ok:
        return ActionResult(action, True, done, tuple(argv))
    msg = f"{what} of {bundle} on {key} failed: {outcome.message}."
    if outcome.fix:
        msg += f" {outcome.fix}"
    return ActionResult(action, False, msg, tuple(argv))
