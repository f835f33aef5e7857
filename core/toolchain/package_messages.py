"""The signatures of a project's packages, read from the message text: a dependency that
npm/pnpm/ohpm cannot resolve or install, and a package registry they cannot reach. A fix may
name what the pattern captured ({package}, {dep} …). Data only."""

from __future__ import annotations

from hmdesk.core.toolchain.signature import Signature

# a dependency npm/pnpm/ohpm cannot resolve or install
DEPENDENCY_SIGNATURES: tuple[Signature, ...] = (
    # npm refusing its own cache (npm's "Common errors" page, Permissions errors): files an earlier
    # `sudo npm` left owned by root under ~/.npm; DevEco's SDK manager meets it when it runs
    # `npm install` for the ArkTS component
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
    # npm/pnpm (which hvigor runs to install its own packages) finds no such version of a hvigor
    # package: the version hvigor-config.json5 asks for (hvigor's 00308002 page: pnpm's
    # ERR_PNPM_NO_MATCHING_VERSION and 404, for npm the same words)
    Signature(
        "hvigor-version",
        (
            r"(?:npm (?:ERR!|error)|ERR_PNPM_\w+)[^\n]*?(?:not found|404|No matching version)"
            r"[^\n]*?"
            r"(?P<package>@ohos/hvigor[\w-]*)@(?P<version>\d[\w.-]*)",
        ),
        "{package}@{version} is not in the registry hvigor installs from: set the hvigor "
        "packages' versions in hvigor/hvigor-config.json5 (dependencies, modelVersion) to ones "
        "the registry has and that fit your DevEco Studio / Command Line Tools (`npm view "
        "{package} versions`; a new DevEco project's hvigor-config.json5 shows them), then build "
        "again.",
        meaning="a hvigor package version that does not exist",
        terms=("hvigor-config.json5", "hvigor", "npm", "version"),
    ),
    # any other package npm/pnpm/yarn finds no such version of (npm's ETARGET "notarget", its
    # E404 "is not in this registry", pnpm's ERR_PNPM_NO_MATCHING_VERSION): an FA-model
    # project's package.json, a hvigor plugin's, a node tool's
    Signature(
        "ohpm-deps",
        (
            r"(?:(?:npm (?:ERR!|error) notarget|ERR_PNPM_NO_MATCHING_VERSION)\s+No matching "
            r"version found for |npm (?:ERR!|error) 404\s+')(?P<package>@?[\w.-]+(?:/[\w.-]+)?)"
            r"@(?P<version>[^\s',]+?)(?:' is not in (?:this|the npm) registry|\.?\s*$)",
        ),
        "{package}@{version} does not exist in the registry npm installs from: set a version it "
        "has (`npm view {package} versions` lists them; a package's version must also fit the "
        "project's API level, e.g. an API 8 project's @ohos/hypium) in package.json (the "
        "FA-model/API 8 project's or the node tool's; oh-package.json5 for ohpm), or point npm at "
        "the registry that has it (registry= in .npmrc), then install again.",
        meaning="a package version that does not exist",
        terms=("npm", "package.json", "version", "registry"),
    ),
    # DevEco's SDK manager installing the JS/ArkTS SDK component runs `npm install` for it: npm
    # could not download its dependencies (HarmonyOS's "JS SDK安装失败处理指导")
    Signature(
        "sdk-missing",
        (
            r"\bInstall (?:js|ets) dependencies failed\b",
            r"\bInstall (?:js|ets):[\d.]+ fail",
            r"Unable to download the HarmonyOS SDK",
        ),
        "DevEco Studio's SDK manager runs npm to install the JS/ArkTS SDK component's "
        "dependencies, and npm could not download them: behind a proxy, give npm the proxy "
        "(`npm config set proxy http://host:port` and `https-proxy`, or the IDE's HTTP Proxy "
        "with npm checked) and a reachable registry (`npm config set registry …`); clear npm's "
        "cache with DevEco's own node (`npm cache clean -f` in <DevEco>/tools/nodejs), then "
        "delete the half-installed component and download it again (Settings > SDK).",
        meaning="the SDK manager's npm install failed",
        terms=("npm", "proxy", "registry", "SDK"),
    ),
    Signature(
        "ohpm-deps",
        # (ohpm 1.x adds "not found"; newer ones end at the quote)
        (r"NOTFOUND package '(?P<package>[^']+)'",),
        "{package} is not in the registry: check the name and the version in oh-package.json5 "
        "(`ohpm info <name>` lists the versions; @ohos/hvigor-ohos-plugin and @ohos/hvigor are "
        "not ohpm packages: they come with DevEco Studio's / the Command Line Tools' hvigor, "
        "declared in hvigor/hvigor-config.json5 — remove them from the dependencies of "
        "oh-package.json5 and build with DevEco Studio or the Command Line Tools' hvigorw), "
        "then `ohpm install`. A package published to a private registry (ohpm-repo) that "
        "install does not find: the registry in .ohpmrc (or --registry) must be the "
        "repository's install address, and where ohpm cannot check its certificate set "
        "strict_ssl to false (`ohpm config set strict_ssl false`, or --strict_ssl false).",
        meaning="package not found in the registry",
        terms=("ohpm", "NOTFOUND", "oh-package.json5", "依赖"),
    ),
    Signature(
        "ohpm-deps",
        (
            r'local dependency "?(?P<dep>[^"\s]+)"? found in "(?P<path>[^"]+)" does not match '
            r'the actual name "?(?P<name>[^"\s]+?)"?(?= of |[.\s]|$)',
        ),
        "The dependency key {dep} in {path} must equal the name in the dependency's own "
        'oh-package.json5: rename it to "{name}" (or rename the package).',
        meaning="dependency name differs from the package's name",
        terms=("ohpm", "oh-package.json5", "dependency name"),
    ),
    Signature(
        "ohpm-deps",
        (r"is not in the same file system as the current\s+project",),
        "A local dependency is on another drive: put the project and its local (path) "
        "dependencies on the same drive/disk (the same file system), e.g. copy the plugin next "
        "to the project.",
        meaning="local dependency on another drive",
        terms=("ohpm", "local dependency", "file system"),
    ),
    # faqs-command-line-tool-3: a file missing inside oh_modules is a HAR's own relative-path
    # dependency, which ohpm 1.4.0 and later does not carry into oh_modules
    Signature(
        "ohpm-deps",
        (r"Fetch local file package error,?\s*(?P<path>\S*?oh_modules\S*?) does not exist",),
        "A HAR you depend on has a relative-path (file:) dependency of its own, and ohpm 1.4.0 "
        "and later does not add it when it makes oh_modules: publish that dependency to a "
        "private ohpm-repo and depend on it by version, or add an overrides entry for it in the "
        "project-level oh-package.json5. Missing: {path}",
        meaning="a HAR's relative-path dependency missing from oh_modules",
        terms=("ohpm", "overrides", "ohpm-repo", "oh-package.json5"),
    ),
    Signature(
        "ohpm-deps",
        (r"Fetch local file package error,?\s*(?P<path>\S+?) does not exist",),
        "A local HAR dependency does not exist: build it first (it is made by its own module's "
        "build) or fix its path in oh-package.json5. Missing: {path}",
        meaning="local HAR dependency missing",
        terms=("ohpm", "har", "oh-package.json5"),
    ),
    Signature(
        "ohpm-deps",
        # from a path's start only: a match started inside a long path is retried at every
        # character of it (quadratic on a log of oh_modules paths)
        (
            r"(?<![^\s'\"()])(?P<location>[^\s'\"()]*oh_modules[\\/][^\s'\"()]*[\\/]\._[^\s\\/'\"()]+)",
        ),
        "A dependency ships macOS metadata files (AppleDouble `._*`, left when a package is "
        "packed on macOS) and the compiler tries to read them as code: {location}. Delete them "
        "(`find oh_modules -name '._*' -delete`) and build again; ask the package's maintainer "
        "to republish it without them (COPYFILE_DISABLE=1 tar / a clean ohpm publish).",
        meaning="a dependency contains macOS ._ files",
        terms=("ohpm", "oh_modules", "._", "har"),
    ),
)

# a package registry npm/pnpm/ohpm cannot reach or read
REGISTRY_SIGNATURES: tuple[Signature, ...] = (
    # ohpm could not read a package's metadata from its registry
    Signature(
        "ohpm-deps",
        (r"\bFetchPackageInfo failed\b",),
        "ohpm could not fetch the package's information from its registry: check the network "
        "and the proxy (.ohpmrc: registry, proxy / https_proxy, strict_ssl; DevEco Studio's "
        "HTTP proxy settings), that the registry URL is right and reachable, and, for a "
        "private registry, that you are logged in; then that the package name and version "
        "exist there.",
        meaning="ohpm could not fetch a package's information",
        terms=("ohpm", "registry", "proxy", ".ohpmrc"),
    ),
    # npm's fetch in offline mode (offline=true, --offline, or a cache mode set so): only the
    # cache may answer, and it does not hold the package
    Signature(
        "network",
        (
            r"request to (?P<url>https?://\S+) failed: cache mode is 'only-if-cached' but no "
            r"cached response is available",
        ),
        "npm was told to use only its cache (offline=true, --offline) and the cache does not "
        "hold {url}: turn offline mode off (`npm config get offline`; NPM_CONFIG_OFFLINE), and "
        "check that npm reads the user's own .npmrc (registry and proxy): a build whose HOME or "
        "USERPROFILE was moved (a sandbox, a CI) loses it — point NPM_CONFIG_USERCONFIG back at "
        "it and NPM_CONFIG_CACHE at a writable folder, then build again.",
        meaning="npm in offline mode without the package in its cache",
        terms=("npm", "offline", ".npmrc", "registry"),
    ),
    Signature(
        "network",
        (r"network request to (?P<url>https?://\S+) failed",),
        "hvigor's npm/pnpm cannot reach {url}: set a reachable registry (NPM_CONFIG_REGISTRY or "
        "registry= in ~/.npmrc, e.g. a mirror) and the proxy, then build again.",
        meaning="npm registry unreachable",
        terms=("npm", "registry", "proxy", "NPM_CONFIG_REGISTRY"),
    ),
    Signature(
        "hvigor-env",
        (r"pnpm execute failed",),
        "hvigor's first-run install of pnpm and its plugins failed: build once in DevEco Studio "
        "so it installs them, or set NPM_CONFIG_REGISTRY (or ~/.npmrc registry=) to a reachable "
        "registry and proxy.",
        meaning="hvigor could not install pnpm",
        terms=("pnpm", "npm", "registry", "hvigor"),
    ),
    Signature(
        "network",
        (r"FetchError: request to (?P<url>https?://[^\s,]+) failed, reason: (?P<reason>[^,\n]+)",),
        "ohpm cannot reach {url} ({reason}): the registry in .ohpmrc, or a URL recorded in "
        "oh-package-lock.json5, is unreachable from here (a private registry?). Point the "
        "registry at one you can reach (https://ohpm.openharmony.cn/ohpm/), fix the proxy, and "
        "regenerate oh-package-lock.json5.",
        meaning="ohpm registry unreachable",
        terms=("ohpm", "registry", ".ohpmrc", "network"),
    ),
    Signature(
        "ohpm-deps",
        (r"HttpCode 404, API ping in (?P<registry>\S+)",),
        "{registry} is not an ohpm registry (ping answered 404): fix registry= in .ohpmrc (or "
        "pass --registry) to a valid ohpm registry.",
        meaning="not an ohpm registry",
        terms=("ohpm", "registry", ".ohpmrc"),
    ),
)
