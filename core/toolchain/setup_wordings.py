"""Two setup messages the doctor's tables hold in another wording, read in the wording
developers quote: hvigor's check of a feature module's entryModules (its error-code page words
it for the FA model, ``entryModules must be configured for a feature module in FA project``,
00303192; DevEco's project sync prints ``'entryModules' must be configured for a feature
module.``), and npm's refusal to write its own cache (npm's "Common errors" page, Permissions
errors: ``npm ERR! code EACCES`` on a path under ``~/.npm``, ``Your cache folder contains
root-owned files``, which DevEco Studio's SDK manager meets when it runs ``npm install`` for the
ArkTS component). Data only; they belong with :mod:`.hvigor_config_codes` and
:mod:`.package_messages`, kept apart while those are edited on other branches.
"""

from __future__ import annotations

from hmdesk.core.toolchain.signature import Signature

SETUP_WORDING_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        "config",
        (r"'?entryModules'? must be configured for a feature module\b",),
        'A feature module must say which entry module it belongs to: add "entryModules": '
        "[\"<entry>\"] to the feature module's build-profile.json5 (the entry module's name as "
        "the project-level build-profile.json5's modules list it, e.g. phone_entry), for each "
        "feature module, then Sync Now.",
        meaning="a feature module without entryModules",
        terms=("entryModules", "build-profile.json5", "feature"),
    ),
    Signature(
        "permission",
        (
            r"Your cache folder contains root-owned files",
            r"npm ERR! path [^\n]*[\\/]\.npm[\\/][^\n]*\n(?:npm ERR! [^\n]*\n){0,2}npm ERR! "
            r"errno -13\b",
        ),
        "npm cannot write its cache: ~/.npm holds files owned by root (an earlier `sudo npm …`), "
        "EACCES. Give the folder back to your user, sudo chown -R $(id -u):$(id -g) ~/.npm (the "
        "exact command npm prints), or point npm at another cache (npm config set cache <dir>), "
        "then run the install again (in DevEco Studio: install the SDK component again).",
        meaning="npm: root-owned cache (EACCES)",
        terms=("npm", "EACCES", "chown", "cache"),
    ),
)
