"""What the bytecode compiler (es2abc) prints when it cannot make modules.abc, with the Ark
bytecode generation FAQ's answers (es2abc-faq). Its numbered errors (10705000, 10706001) are in
:data:`hmdesk.core.toolchain.build_codes.BUILD_CODES`. Data only."""

from __future__ import annotations

from hmdesk.core.toolchain.signature import Signature

ES2ABC_SIGNATURES: tuple[Signature, ...] = (
    # a bytecode HAR compiled for a higher compatible SDK than the project
    Signature(
        "sdk-version",
        (r"owns a higher api version or a higher sdkReleaseType",),
        "A bytecode HAR (the abc named) was built for a newer API or a later SDK release stage "
        "than this build: raise compatibleSdkVersion (and compatibleSdkVersionStage, e.g. "
        "\"beta6\") in the products of the project's build-profile.json5 to at least the HAR's "
        "(see the HAR's own build-profile.json5), or use a version of the HAR built for your SDK.",
        meaning="dependency needs a newer SDK",
        terms=("compatibleSdkVersion", "compatibleSdkVersionStage", "SDK"),
    ),
    # two versions of one HAR's record in the abc
    Signature(
        "ohpm-deps",
        (r"Field \{?[^\n]*?\.moduleRecordIdx\}? has different value",),
        "Two versions of the same HAR's records met in modules.abc (the package in the braces): "
        "with cross-module imports useNormalizedOHMUrl must be false in the project-level "
        "build-profile.json5; else stale caches hold an older copy: Build > Clean Project (or "
        "`ohpm clean`), File > Invalidate Caches… (all options, restart), `ohpm install`, then "
        "Build > Rebuild Project.",
        meaning="two versions of one HAR's record in the abc",
        terms=("moduleRecordIdx", "useNormalizedOHMUrl", "ohpm clean", "Invalidate Caches"),
    ),
)
