"""The build step (and ``clean``): ``hvigorw assembleHap`` in the project root.

Passes only on ``BUILD SUCCESSFUL`` and exit 0, and only when a HAP was produced: the newest
``*-signed.hap`` under the module's ``build/`` (an unsigned one only with a warning: the device
will refuse it with 9568320). hvigor's task lines become ``progress`` events; the total is the
task count of the project's last successful build (None the first time).
"""

from __future__ import annotations

from dataclasses import replace

from hmdesk.core.toolchain import hvigor
from hmdesk.core.toolchain.doctor import diagnose, in_project
from hmdesk.core.toolchain.finding import Finding
from hmdesk.core.toolchain.hdc import InvalidName
from hmdesk.core.toolchain.pipeline.hap import find_hap
from hmdesk.core.toolchain.pipeline.step_runner import StepRunner
from hmdesk.core.toolchain.project_file import ProjectError
from hmdesk.core.toolchain.runs import StepResult
from hmdesk.core.toolchain.tools import ToolNotFound, hvigor_env


class BuildStep(StepRunner):
    def _build_step(self, step: StepResult) -> bool:
        project = self._read_project(step)
        if project is None:
            return False
        try:
            tool = self._tool("hvigorw", self._hvigorw)
        except ToolNotFound as exc:
            return self._fail_early(
                step,
                str(exc),
                Finding(
                    kind="tool",
                    evidence="hvigorw not found",
                    fix=str(exc),
                    query_terms=["hvigorw", "tool"],
                ),
            )
        try:
            module = self._module(project)
            if step.name == "clean":
                argv = hvigor.clean_argv(str(tool.path), daemon=self.options.daemon)
            else:
                argv = hvigor.assemble_hap_argv(
                    str(tool.path),
                    module=module.name,
                    target=self.options.target,
                    product=self.options.product,
                    build_mode=self.options.build_mode,
                    daemon=self.options.daemon,
                    extra=("--stacktrace",) if self.options.stacktrace else (),
                )
        except (ProjectError, InvalidName) as exc:
            return self._fail_early(
                step,
                str(exc),
                Finding(
                    kind="config", evidence=str(exc)[:200], fix=str(exc), query_terms=["config"]
                ),
            )
        env = hvigor_env(tool, self.env)
        parser = hvigor.HvigorLogParser()
        total = self._expected_tasks() if step.name == "build" else None
        done = 0

        def on_text(text: str) -> None:
            nonlocal done
            task = parser.feed(text)
            if task is not None and step.name == "build":
                done += 1
                self._emit(
                    "progress",
                    step=step.name,
                    done=done,
                    total=max(total, done) if total else None,
                    task=task.path,
                )
            if "Will skip sign" in text:
                self._emit("warning", step=step.name, text=text)

        res, log, _ = self._exec(step, argv, cwd=project.root, env=env, on_text=on_text)
        stopped = self._stopped(step, res, log)
        if stopped is not None:
            return stopped
        parsed = parser.result()
        outcome = hvigor.classify_build(parsed, res.exit_code)
        if not outcome.ok:
            finding = in_project(diagnose(log.text()), project)
            if finding is not None and outcome.location and not finding.location:
                finding = replace(finding, location=outcome.location)
            return self._end(
                step,
                "failed",
                outcome.message,
                log=log,
                exit_code=res.exit_code,
                error_code=outcome.code or (finding.code if finding else None),
                error_meaning=_build_meaning(outcome, finding),
                finding=finding,
            )
        if step.name == "clean":
            return self._end(step, "passed", outcome.message, log=log, exit_code=res.exit_code)
        hap, unsigned = find_hap(project.root, module.src_path, self.options.product)
        if hap is None:
            finding = Finding(
                kind="no-hap",
                evidence=f"no .hap under {module.src_path / 'build'}",
                fix="hvigor reported success but produced no HAP: check the module/product names and run a clean build.",
                query_terms=["hap", "build", "构建产物"],
            )
            return self._end(
                step,
                "failed",
                "build succeeded but no HAP was found",
                log=log,
                exit_code=res.exit_code,
                finding=finding,
            )
        self._use_hap(hap)
        message = f"{outcome.message}; HAP {hap}"
        if unsigned:
            warn = (
                f"only an unsigned HAP was built ({hap.name}): the device will refuse it with install "
                "error 9568320. " + (project.signing_problem(self.options.product) or "")
            ).strip()
            self._emit("warning", step=step.name, text=warn)
            message += f" (WARNING: {warn})"
        self._record_task_count(parsed.task_count)
        return self._end(step, "passed", message, log=log, exit_code=res.exit_code)

    def _expected_tasks(self) -> int | None:
        return self.recorder.expected_tasks(str(self.project_dir))

    def _record_task_count(self, n: int) -> None:
        if self.run_id is not None:
            self.recorder.record_task_count(self.run_id, n)


def _build_meaning(outcome: hvigor.BuildOutcome, finding: Finding | None) -> str | None:
    """The meaning of a failed build's hvigor code: the doctor's (``Invalid value of
    DEVECO_SDK_HOME``) when it names the same code, else hvigor's own title
    (``Configuration Error``); None without a code (the doctor's meaning is used then)."""
    code = outcome.code or (finding.code if finding else None)
    if code is None:
        return None
    if finding is not None and finding.code == code and finding.meaning:
        return finding.meaning
    return outcome.meaning
