"""Build → install → launch, with every run and step stored in the database.

``Pipeline(db, project_dir, device_key, on_event=cb).run()`` runs, on the calling thread:

1. ``build``  — ``hvigorw assembleHap`` in the project root (``clean`` first when asked); passes
   only on ``BUILD SUCCESSFUL`` + exit 0; then the newest ``*-signed.hap`` under the module's
   ``build/`` (an unsigned one only with a warning: the device will refuse it with 9568320);
2. ``install`` — ``hdc -t KEY install -r HAP``; passes only on ``install bundle successfully``;
3. ``stop``    — ``hdc -t KEY shell aa force-stop BUNDLE``;
4. ``launch``  — ``hdc -t KEY shell aa start -a ABILITY -b BUNDLE -m MODULE``; passes only on
   ``start ability successfully.``.

A step that fails stops the run (later steps are ``skipped``). The device is checked before the
build starts (``hdc list targets -v``): without a device key the only connected device is chosen;
a given key must be listed and ``Connected``. When that fails (no device, several, an unknown or
Offline/Unauthorized key, hdc unreachable) the ``install`` step fails at once with the guidance
and the build is ``skipped``. Options (product, target, module, build mode) are validated when the
pipeline is made and again when it runs: :class:`InvalidOptions` (a ``ValueError``) before anything
is stored or started. Each step row holds the argv,
start/end, exit code, verdict (passed | failed | timeout | cancelled | skipped), the error code and
its meaning (``error_meaning``: the install / ``aa start`` / hdc ``E0xxxxx`` / hvigor code's
meaning from the classifiers), a bounded log (head + tail, ``log_dropped`` = lines left out) and the doctor's
finding; the run row holds project, bundle, device, status (running → success | failed |
cancelled), options and the finding of the failed step.

Events go to ``on_event(PipelineEvent)`` on the running thread: ``run-started``,
``step-started``, ``line``, ``progress`` (hvigor task lines: done, total — the task count of this
project's last successful build, None the first time — and the task), ``warning``,
``step-finished`` and ``run-finished``. ``line`` events carry the text as the tool printed it
(ANSI colours included); the stored log has the colours stripped. ``cancel()`` (any thread) stops the running step by killing
its process group. ``Pipeline.rerun(db, run_id)`` runs a stored run again.

The modules: :mod:`.orchestrator` (:class:`Pipeline`: the steps in order, the run's status),
:mod:`.step_runner` (what every step shares: its process, its verdict, the events),
:mod:`.build_step`, :mod:`.device_steps`, :mod:`.recorder` (the run and step rows),
:mod:`.bounded_log` and :mod:`.hap` (finding the built HAP).
"""

from __future__ import annotations

from hmdesk.core.toolchain.pipeline.bounded_log import BoundedLog
from hmdesk.core.toolchain.pipeline.hap import SKIP_DIRS, find_hap
from hmdesk.core.toolchain.pipeline.orchestrator import Pipeline, validate_options
from hmdesk.core.toolchain.pipeline.recorder import RunRecorder

__all__ = ["SKIP_DIRS", "BoundedLog", "Pipeline", "RunRecorder", "find_hap", "validate_options"]
