"""The device steps: a check of the device before the build, then install, stop and launch.

The device is checked before the build starts (``hdc list targets -v``): without a device key the
only connected device is chosen; a given key must be listed and ``Connected``. When that fails
(no device, several, an unknown or Offline/Unauthorized key, hdc unreachable) the ``install`` step
fails at once with the guidance. Then:

* ``install`` — ``hdc -t KEY install -r HAP``; passes only on ``install bundle successfully``;
* ``stop``    — ``hdc -t KEY shell aa force-stop BUNDLE``;
* ``launch``  — ``hdc -t KEY shell aa start -a ABILITY -b BUNDLE -m MODULE``; passes only on
  ``start ability successfully.``. After it passes (and unless ``options.screenshot`` is off) a
  screenshot is taken and kept with the run (:mod:`hmdesk.core.toolchain.device.evidence`); one
  that cannot be taken is a warning, never a failed run.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from hmdesk.core.toolchain import hdc as hdcmod
from hmdesk.core.toolchain.device import screen
from hmdesk.core.toolchain.device.evidence import Evidence, run_folder
from hmdesk.core.toolchain.devices import list_devices
from hmdesk.core.toolchain.doctor import diagnose
from hmdesk.core.toolchain.finding import Finding, FindingKind, known
from hmdesk.core.toolchain.pipeline.hap import find_hap
from hmdesk.core.toolchain.pipeline.step_runner import StepRunner
from hmdesk.core.toolchain.project_file import ProjectError
from hmdesk.core.toolchain.runs import StepName, StepResult
from hmdesk.core.toolchain.tools import ToolNotFound

# the kind of a device step's failure when hdc's output named none
_STEP_KINDS: dict[StepName, FindingKind] = {
    "install": "install",
    "stop": "stop",
    "launch": "launch",
}


class DeviceSteps(StepRunner):
    def _resolve_device(self, step: StepResult, hdc: str) -> str | None:
        if self.device_key:
            try:
                return hdcmod.validate_device_key(self.device_key)
            except hdcmod.InvalidName as exc:
                self._fail_early(
                    step,
                    str(exc),
                    Finding(
                        kind="device",
                        evidence=self.device_key,
                        fix=str(exc),
                        query_terms=["device"],
                    ),
                )
                return None
        result = list_devices(hdc, cancel=self.cancel_token)
        if self.cancelled:
            self._cancel_step(step)
            return None
        connected = [d for d in result.devices if d.usable]
        if len(connected) == 1:
            return self._use_device(connected[0].key)
        if result.status not in ("ok", "empty"):
            msg = result.message
            fix = result.fix or "Check hdc and the device connection."
            meaning = result.message
        elif not connected:
            others = [f"{d.key} is {d.state}: {d.guidance}" for d in result.devices if d.guidance]
            msg = "no connected device" + (f" ({'; '.join(others)})" if others else "")
            fix = hdcmod.NO_DEVICE_FIX
            meaning = "no connected device"
        else:
            msg = f"{len(connected)} devices are connected ({', '.join(d.key for d in connected)}); choose one"
            fix = "Pick the device in the device list, or pass --device KEY."
            meaning = "several devices and none chosen"
        self._fail_early(step, msg, self._device_finding(msg, fix, meaning))
        return None

    def _hdc_path(self, step: StepResult) -> str | None:
        try:
            return str(self._tool("hdc", self._hdc).path)
        except ToolNotFound as exc:
            self._fail_early(
                step,
                str(exc),
                Finding(
                    kind="tool", evidence="hdc not found", fix=str(exc), query_terms=["hdc", "tool"]
                ),
            )
            return None

    def _preflight(self, steps: list[StepResult]) -> StepResult | None:
        """Check the device *before* building, so that a missing device is reported at once
        rather than after a long build: without a key pick the only connected device, with one
        check that ``hdc list targets -v`` lists it as Connected. Returns the failed step
        (``install``), or None."""
        install = next((s for s in steps if s.name == "install"), None)
        if install is None or self.cancelled:  # cancelled before it started: all skipped
            return None
        hdc = self._hdc_path(install)
        if hdc is None:
            return install
        if self.device_key is None:
            return install if self._resolve_device(install, hdc) is None else None
        return None if self._check_device(install, hdc) else install

    def _device_finding(self, msg: str, fix: str, meaning: str | None = None) -> Finding:
        return Finding(
            kind="device",
            evidence=msg[:200],
            fix=fix,
            query_terms=["device", "hdc", "设备"],
            meaning=meaning,
        )

    def _check_device(self, step: StepResult, hdc: str) -> bool:
        """A given device key must be valid, listed and Connected (list targets -v)."""
        key = self.device_key
        assert key is not None
        try:
            hdcmod.validate_device_key(key)
        except hdcmod.InvalidName:
            return self._resolve_device(step, hdc) is not None  # fails with the key's message
        result = list_devices(hdc, cancel=self.cancel_token)
        if self.cancelled:
            return self._cancel_step(step)
        if result.status not in ("ok", "empty"):
            msg = f"cannot check device {key}: {result.message}"
            fix = result.fix or "Check hdc and the device connection."
            return self._fail_early(step, msg, self._device_finding(msg, fix, result.message))
        device = next((d for d in result.devices if d.key == key), None)
        if device is not None and device.usable:
            return True
        if device is None:
            listed = ", ".join(f"{d.key} ({d.state})" for d in result.devices) or "none"
            msg = f"device {key} is not connected (hdc lists: {listed})"
            fix = (
                "Pick a device from the device list (`hmdesk-cli devices`, `hdc list targets -v`); "
                "the key may have changed after a reconnect. " + hdcmod.NO_DEVICE_FIX
            )
            meaning = "no device has this connect key"
        else:
            guidance = device.guidance or "Only Connected devices accept commands."
            msg = f"device {key} is {device.state}: {guidance}"
            fix = guidance
            meaning = f"the device is {device.state}, not Connected"
        return self._fail_early(step, msg, self._device_finding(msg, fix, meaning))

    def _device_step(self, step: StepResult) -> bool:
        project = self._read_project(step)
        if project is None:
            return False
        hdc = self._hdc_path(step)
        if hdc is None:
            return False
        key = self._resolve_device(step, hdc)
        if key is None:
            return False
        try:
            module = self._module(project)
            if step.name == "install":
                hap = self.hap
                if hap is None:
                    hap, _unsigned = find_hap(project.root, module.src_path, self.options.product)
                    if hap is None:
                        return self._fail_early(
                            step,
                            "no HAP to install: build first",
                            Finding(
                                kind="no-hap",
                                evidence="no .hap found",
                                fix="Run the build step first.",
                                query_terms=["hap"],
                            ),
                        )
                    self._use_hap(hap)
                argv = hdcmod.install_argv(hdc, key, str(hap))
                classify: Callable[[str, int | None], hdcmod.Outcome] = hdcmod.classify_install
            elif step.name == "stop":
                argv = hdcmod.force_stop_argv(hdc, key, project.bundle_name)
                classify = hdcmod.classify_force_stop
            else:
                ability = module.launcher_ability
                if not ability:
                    raise ProjectError(
                        module.file,
                        None,
                        "no ability to launch: set mainElement or add an ability with entity.system.home.",
                    )
                argv = hdcmod.aa_start_argv(
                    hdc, key, ability=ability, bundle=project.bundle_name, module=module.name
                )
                classify = hdcmod.classify_aa_start
        except (ProjectError, hdcmod.InvalidName) as exc:
            return self._fail_early(
                step,
                str(exc),
                Finding(
                    kind="config", evidence=str(exc)[:200], fix=str(exc), query_terms=["config"]
                ),
            )
        res, log, text = self._exec(step, argv)
        stopped = self._stopped(step, res, log)
        if stopped is not None:
            return stopped
        outcome = classify(text, res.exit_code)
        if outcome.ok:
            passed = self._end(step, "passed", outcome.message, log=log, exit_code=res.exit_code)
            if step.name == "launch" and self.options.screenshot:
                self._keep_screen(hdc, key)
            return passed
        finding = known(diagnose(log.text(), by_words=False))
        if finding is None or (outcome.code and finding.code != outcome.code):
            finding = Finding(
                kind=outcome.kind or _STEP_KINDS.get(step.name, "unknown"),
                evidence=(outcome.evidence or outcome.message)[:200],
                fix=outcome.fix or "Read the tool output above.",
                code=outcome.code,
                query_terms=[t for t in (outcome.kind or step.name, outcome.code, step.name) if t],
                meaning=outcome.meaning,
            )
        message = outcome.message
        if res.exit_code == 0:
            message += " (hdc exited 0)"
        return self._end(
            step,
            "failed",
            message,
            log=log,
            exit_code=res.exit_code,
            error_code=outcome.code,
            error_meaning=outcome.meaning,
            finding=finding,
        )

    def _keep_screen(self, hdc: str, key: str) -> None:
        """A screenshot of the launched app, kept with the run (a warning when it fails)."""
        if self.run_id is None or self.cancelled:
            return
        if self.options.screenshot_settle > 0:
            self.cancel_token.wait(self.options.screenshot_settle)
        started = time.monotonic()
        shot = screen.capture(hdc, key, run_folder(self.run_id), f"launch-{int(time.time())}")
        if not shot.ok:
            self._emit(
                "warning",
                step="launch",
                text=f"No screenshot after the launch: {shot.message}",
                data={"screenshot": shot.to_dict()},
            )
            return
        meta = {k: v for k, v in shot.extra.items() if k != "path"}
        meta["seconds"] = round(time.monotonic() - started, 2)
        art = Evidence(self.recorder.db).add_artifact(
            self.run_id, "screenshot", shot.extra["path"], meta
        )
        self._emit(
            "line",
            step="launch",
            stream="stdout",
            text=f"screenshot kept: {art.path}",
            data={"artifact": art.to_dict()},
        )
