"""DevEco Studio's Previewer notices with their answers: which files the Previewer previews and
where its errors go. Data only."""

from __future__ import annotations

from hmdesk.core.toolchain.finding import FindingKind
from hmdesk.core.toolchain.signature import Signature

# DevEco Studio's Previewer notices (the previewer pages of DevEco Studio's guide say which
# files it previews and where its errors go): (the notice's pattern, kind, the fix).
_PREVIEWER_NOTICES: tuple[tuple[str, FindingKind, str], ...] = (
    (
        r"Cannot preview this file\. Previews are available for files in",
        "file",
        "The Previewer previews the file open in the editor: open (double-click) an .ets page "
        "of the module, one with an @Entry (or @Preview) component, then click Previewer.",
    ),
    (
        r"Only files in (?:a )?module can be previewed",
        "file",
        "The file open in the editor is outside every module: open a page inside a module "
        "(such as entry/src/main/ets/pages/Index.ets) and start the Previewer there.",
    ),
    (
        r"A preview error may have occurred\. Switch to the Log tab to view details",
        "config",
        "The Previewer could not render the page; its Log tab holds the error. Most often: the "
        'page (or the page it routes to) is not listed in "src" of '
        "resources/base/profile/main_pages.json; the struct has no @Entry or @Preview; a "
        "@Link/@Consume component is previewed alone; or the page calls what the Previewer "
        "cannot run (Web, Video, XComponent, a native .so, Ability APIs): mock it with "
        "@ohos/hamock or run on the Emulator.",
    ),
)

PREVIEWER_SIGNATURES: tuple[Signature, ...] = tuple(
    Signature(
        kind, (pattern,), fix, meaning="DevEco Studio's Previewer notice", terms=("Previewer",)
    )
    for pattern, kind, fix in _PREVIEWER_NOTICES
)
