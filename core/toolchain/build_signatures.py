"""The build tools' signatures: hmharness's classes, the tools' own messages and hvigor's codes
(see :mod:`hmdesk.core.toolchain.doctor` for the order the table runs in)."""

from __future__ import annotations

from hmdesk.core.toolchain.native_build_messages import NATIVE_LINK_SIGNATURES
from hmdesk.core.toolchain.signature import Signature, shell_not_found

# a command's name as a shell prints it (``mingw32-make``, ``aarch64-linux-ohos-clang.exe``)
_COMMAND = r"[A-Za-z_][\w.+-]{1,40}"

# --------------------------------------------------------------------------- hmharness's 8 classes

HMHARNESS_CLASSES: tuple[Signature, ...] = (
    Signature(
        "sdk-home",
        (r"Invalid value of '?DEVECO_SDK_HOME", r"sdk home", r"not find sdk", r"SdkHomePath"),
        "DEVECO_SDK_HOME is unset or wrong. Set it to <DevEco Studio>/sdk (or "
        "command-line-tools/sdk), with a native path (not an MSYS /c/... one), then build again.",
        terms=("DEVECO_SDK_HOME", "SDK", "环境变量"),
    ),
    Signature(
        "sdk-version",
        (
            r"compatibleSdkVersion.*(?:invalid|not|unsupported)",
            r"unsupported sdk version",
            r"sdk version.*(?:invalid|not match)",
        ),
        "compatibleSdkVersion in build-profile.json5 does not match an installed SDK (or a "
        "dependency needs a newer one): fix products[0].compatibleSdkVersion; the schema check "
        "does not test whether the value is plausible.",
        terms=("compatibleSdkVersion", "SDK版本", "build-profile"),
    ),
    Signature(
        "signing",
        (r"signingConfigs", r"signing config", r"keystore", r"\.p12", r"\.cer\b", r"no signing"),
        "Signing is missing or stale: in DevEco Studio re-run File > Project Structure > Signing "
        "Configs > Automatically generate signature (the product must reference it with "
        '"signingConfig"); release builds need AppGallery certificates.',
        terms=("signingConfigs", "签名", "signing"),
    ),
    Signature(
        "ohpm-deps",
        (
            r"ohos_modules",
            r"Failed to install dependencies",
            r"ERESOLVE",
            r"404 .*ohpm",
        ),
        "Dependencies are missing: run `ohpm install --all` in the project root; check that the "
        "versions in oh-package.json5 exist and that local .har dependencies are built.",
        terms=("ohpm", "依赖", "oh-package.json5"),
    ),
    Signature(
        "hvigor-env",
        (
            r"hvigor (?:daemon|wrapper)",
            r"node: not found",
            r"NODE_HOME",
            r"executable 'node'",
            r"Cannot find module .*hvigor",
        ),
        "The hvigor/node environment is broken: use the node bundled with DevEco Studio "
        "(NODE_HOME=<DevEco>/tools/node), delete the project's .hvigor cache, then build again.",
        terms=("hvigor", "node", "NODE_HOME"),
    ),
    Signature(
        "arkts-source",
        (
            r"arkts-\d+",
            r"Cannot find module '@[^']*' or its corresponding",
            r"Struct.*must",
            r"expected component",
        ),
        "An ArkTS source error: open the file:line of the first ERROR block and fix the code.",
        terms=("ArkTS", "编译错误", "ets"),
    ),
    Signature(
        "config",
        (
            r"parse.*json",
            r"Expected.*json",
            r"module.*not found in",
        ),
        "A project configuration file is wrong: check the field named in the error in "
        "build-profile.json5 / module.json5 / app.json5 against the schema.",
        terms=("module.json5", "build-profile.json5", "配置"),
    ),
    Signature(
        "network",
        (
            # Node's errno names, whole words in capitals (not ``SqliteConnectionPool``,
            # ``bridge_reconnect_session``)
            r"\b(?-i:ECONN[A-Z]+|ETIMEDOUT|ENOTFOUND)\b",
            r"getaddrinfo",
            r"socket hang up",
            r"fetch failed",
            r"network (?:is )?unreachable",
        ),
        "A network or registry failure: check the proxy (bypass it for 127.0.0.1), retry, or use "
        "the mirror: `ohpm config set registry https://ohpm.openharmony.cn/ohpm/`.",
        terms=("network", "registry", "网络", "代理"),
    ),
)

# --------------------------------------------------------------------------- exact codes

# What the tool hvigor ran says after "Tools execution failed" (the packing tool, the JVM, the
# JS bundler) or what a wrapper says about the tool it ran: the tool's own words decide over the
# task that failed (SignHap, PackageHap, BuildNative…), so these come first (batch 27f).
TOOL_MESSAGE_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        "signing",
        # AppGallery Connect refusing DevEco Studio's automatic signing (faqs-app-debugging-4)
        (r"Provision number exceeds limit",),
        "AppGallery Connect refused automatic signing: one developer account may sign "
        "automatically at most 150 times in 30 days. Keep the same signing material for the "
        "same bundleName and devices instead of re-signing, sign in with another developer "
        "account, or wait until the 30 days allow it again.",
        meaning="automatic signing limit reached (150 in 30 days)",
        terms=("automatic signing", "Provision number exceeds limit", "签名", "AGC"),
    ),
    Signature(
        "config",
        (r"BundleTool \[Error\]: input module (?P<field>\w+) is different",),
        "The modules packed into the app (each HAP/HSP) declare different {field} values, or "
        "AppScope/app.json5 does not declare it: make {field} the same in app.json5 (app.{field}) "
        "and in every module packed with it, then build the app again.",
        meaning="the packed modules differ",
        terms=("app.json5", "PackageApp", "module.json5"),
    ),
    Signature(
        "java",
        (r"os::commit_memory\(", r"errno=1455", r"insufficient memory for the Java Runtime"),
        "The JVM that runs the SDK's tool (packing or signing) could not get memory: on Windows "
        "the page file (virtual memory) is too small or the RAM is used up. Enlarge the page "
        "file (System > Advanced > Performance > Virtual memory), close other programs or "
        "builds, then build again.",
        meaning="the JVM could not allocate memory",
        terms=("java", "memory", "page file", "内存"),
    ),
    Signature(
        "java",
        # the JDK's own zip checks (``(invalid zip64 extra data field size)``); ``(bad
        # signature)`` is a corrupt package, read below
        (r"Invalid CEN header(?!\s*\(bad signature\))",),
        "The JDK running the SDK's tool rejects the zip it reads (newer JDK updates check zip64 "
        "fields, JDK-8313765): run the tools with DevEco's bundled JDK 17 (JAVA_HOME=<DevEco>/jbr, "
        "its bin first on PATH), or pass -Djdk.util.zip.disableZip64ExtraFieldValidation=true.",
        meaning="the JDK rejects the zip (CEN header)",
        terms=("JDK", "JAVA_HOME", "hap-sign-tool", "CEN"),
    ),
    Signature(
        "java",
        (r"Command failed with exit code null",),
        "The SDK tool hvigor ran (java …) was killed before it finished (exit code null means a "
        "signal, not an error of the tool): the machine ran out of memory or of the limits on "
        "open files and processes. Raise the limits (macOS/Linux: ulimit -n; "
        "/etc/security/limits.conf nofile and nproc), close other builds, then build again.",
        meaning="the tool was killed",
        terms=("java", "ulimit", "limits.conf", "memory"),
    ),
    Signature(
        "ohpm-deps",
        (r"Module not found:\s*Error: Can't resolve '(?P<module>[^']+)'",),
        "The JS build cannot resolve {module}: the package or SDK that provides it is not in the "
        "project. Add it (ohpm install, a dependency in oh-package.json5); a @system.* module "
        "belongs to a device kit whose SDK must be added to the project as the kit's docs say.",
        meaning="a module the JS build cannot resolve",
        terms=("Can't resolve", "ohpm", "SDK", "oh-package.json5"),
    ),
    Signature(
        "permission",
        (r"Failed to delete the directory or file '(?P<path>[^']+)'",),
        "A build file could not be deleted or replaced: {path} (or its source in resources) is "
        "read-only or held open by another program (an antivirus, another build, an editor). "
        "Clear the read-only attribute (Windows: attrib -r on the file and its source; copied or "
        "downloaded model files often carry it), close what holds it, then clean and build.",
        meaning="a build file could not be deleted",
        terms=("read-only", "rawfile", "restool", "attrib"),
    ),
    # a system service's log line refusing the app for a permission it does not hold
    # (``AudioFramework: Client doesn't have MICROPHONE permission``)
    Signature(
        "permission",
        (
            r"\b(?:doesn't|does not|don't|do not|has no|have no) (?:have |hold )?(?:the )?"
            r"(?:ohos\.permission\.)?(?P<perm>(?-i:[A-Z][A-Z_]{3,})) permission",
        ),
        "The app does not hold ohos.permission.{perm}, so the system service refused it (a "
        "recorder, a sensor or a player then fails or crashes). Declare ohos.permission.{perm} "
        "in module.json5 requestPermissions and, for a user_grant permission (MICROPHONE, "
        "CAMERA, LOCATION…), request it at run time (abilityAccessCtrl "
        "requestPermissionsFromUser) before the call.",
        meaning="the app lacks a permission a system service checks",
        terms=("permission", "requestPermissions", "requestPermissionsFromUser"),
    ),
)


HVIGOR_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        "sdk-missing",
        (r"00303168", r"SDK component missing", r"Unable to find the following components"),
        "The SDK is incomplete or the wrong one: install the missing components in DevEco's SDK "
        "manager, point DEVECO_SDK_HOME at `sdk` (not `sdk/default`), use the HarmonyOS SDK for a "
        "HarmonyOS project, and keep compatibleSdkVersion ≤ the installed SDK.",
        code="00303168",
        meaning="SDK component missing",
        terms=("00303168", "SDK component missing", "SDK"),
    ),
    Signature(
        "config",
        (r"00303038", r"Schema validate failed"),
        "A field in module.json5 / build-profile.json5 fails the schema (e.g. deviceTypes): "
        "fix the field named after 'instancePath'.",
        code="00303038",
        meaning="Schema validate failed",
        terms=("00303038", "Schema validate failed", "module.json5"),
    ),
    Signature(
        "hvigor-version",
        (r"00303028", r"Unsupported modelVersion"),
        "The project needs a newer hvigor than the installed one: update DevEco Studio / "
        "Command Line Tools, or lower modelVersion in oh-package.json5.",
        code="00303028",
        meaning="Unsupported modelVersion",
        terms=("00303028", "modelVersion", "hvigor"),
    ),
    Signature(
        "native",
        # the dynamic loader's bare line (musl: ``name: symbol not found``, no "relocating")
        (r"^\s*(?:Error:\s*)?(?P<symbol>[A-Za-z_]\w{2,}): symbol not found\s*$",),
        "A native library the app loads refers to {symbol}, which no library loaded with it "
        'defines or exports: add the definition and export it (C/C++: `extern "C"` with '
        'default visibility; Rust: `#[no_mangle] pub extern "C" fn {symbol}`), or, when it is '
        "a system API, build against the device's API level.",
        meaning="a symbol a native library needs is not exported",
        terms=("symbol not found", "export", "extern", "so"),
    ),
    Signature(
        "native",
        (
            r"(?P<tool>\S*(?:clang|gcc|cc|c\+\+|g\+\+)(?:\+\+)?(?:\.exe)?) either does not exist or does not work",
        ),
        "The native toolchain's compiler ({tool}) does not run for CMake: check the SDK's native "
        "folder is installed and that its path (OHOS_SDK_NATIVE, the SDK location) has no space "
        "or non-ASCII character; move the SDK or reach it through a space-free junction "
        "(`mklink /J C:\\ohos-sdk <SDK path>`).",
        meaning="the C/C++ compiler does not run",
        terms=("clang", "CMake", "space", "OHOS_SDK_NATIVE"),
    ),
    Signature(
        "hvigor-version",
        (r"project'?s structure has been changed",),
        "The project's layout is older than the toolchain accepts (the message names the "
        "project type, e.g. ArkUI-X): migrate the project structure as its FAQ says (for "
        "ArkUI-X, the current ArkUI-X project template), or build with the toolchain and "
        "plugin versions the project was made with (hvigor-config.json5).",
        meaning="the project structure needs migration",
        terms=("structure", "migrate", "hvigor-config.json5"),
    ),
    Signature(
        "java",
        (
            r"\bUnable to locate (?:a )?Java Runtime\b",
            r"\bNo Java runtime present\b",
            # the shells' and the JDK launchers' own words
            *shell_not_found("java"),
            r"JAVA_HOME is not set and no 'java' command could be found",
            r"JAVA_HOME is set to an invalid directory",
        ),
        "No Java runtime was found (macOS's /usr/bin/java stub says so when no JDK is "
        "installed; a shell says java is not a command when none is on PATH; JAVA_HOME may "
        "be unset or name no JDK): set JAVA_HOME to DevEco's bundled JBR (<DevEco>/jbr, "
        "macOS Contents/jbr/Contents/Home), put its bin on PATH, then restart the hvigor "
        "daemon (hvigorw --stop-daemon) so it picks the JDK up.",
        meaning="no Java runtime",
        terms=("java", "JAVA_HOME", "JBR", "JDK"),
    ),
    # the other tools of the toolchain a shell cannot find on PATH (hdc's is a device row)
    Signature(
        "tool",
        shell_not_found("ohpm"),
        "ohpm is not on the PATH: add DevEco Studio's ohpm/bin (<DevEco>/tools/ohpm/bin; the "
        "command-line tools' ohpm/bin) to PATH in the shell's profile (~/.zshrc for zsh, "
        "macOS's default, ~/.bashrc for bash; Windows: the user's environment variables), "
        "open a new terminal and check with `ohpm -v`.",
        meaning="ohpm not found on PATH",
        terms=("ohpm", "PATH", "环境变量"),
    ),
    Signature(
        "tool",
        shell_not_found("hvigorw"),
        "hvigorw is not on the PATH: run the project's wrapper from the project root "
        "(./hvigorw, hvigorw.bat on Windows), or add the command-line tools' bin (or "
        "<DevEco>/tools/hvigor/bin) to PATH in the shell's profile and open a new terminal.",
        meaning="hvigorw not found on PATH",
        terms=("hvigorw", "PATH", "command-line tools"),
    ),
    Signature(
        "hvigor-env",
        (
            *shell_not_found("node"),
            *shell_not_found("npm"),
            # ohpm's and hvigorw's own check (their scripts start node)
            r"\bFailed to find the executable ['‘\"]?node['’\"]? command",
        ),
        "Node.js is not on the PATH: hvigor and ohpm run on node; use the one DevEco Studio bundles "
        "(<DevEco>/tools/node) or an installed Node.js of the version DevEco asks for, add its "
        "folder to PATH (and set NODE_HOME to it) in the shell's profile (~/.zshrc on macOS, then "
        "source ~/.zshrc), then open a new terminal.",
        meaning="node not found on PATH",
        terms=("node", "NODE_HOME", "PATH"),
    ),
    Signature(
        "native",
        (*shell_not_found("cmake"), *shell_not_found("ninja")),
        "CMake or ninja is not on the PATH: use the ones the SDK ships "
        "(<sdk>/native/build-tools/cmake/bin holds cmake and ninja): add that folder to PATH, or "
        "call them by that path and pass -DCMAKE_MAKE_PROGRAM=<that folder>/ninja.",
        meaning="cmake/ninja not found on PATH",
        terms=("cmake", "ninja", "build-tools", "PATH"),
    ),
    # any other command the shell cannot find (the tools above have their own remedy)
    Signature(
        "tool",
        (
            rf"\b(?P<name>{_COMMAND}): command not found(?!:)",
            rf"\bcommand not found: (?P<name2>{_COMMAND})\s*$",
            rf"'(?P<name3>{_COMMAND})' is not recognized as an internal or external command",
            rf"'(?P<name4>{_COMMAND})' 不是内部或外部命令",
            rf"\bThe term '(?P<name5>{_COMMAND})' is not recognized as (?:the )?name of a cmdlet",
            rf"无法将[“\"'](?P<name6>{_COMMAND})[”\"']项识别为 ?cmdlet",
        ),
        "The shell found no command {name}{name2}{name3}{name4}{name5}{name6}: it is not installed, or its folder is not on PATH. "
        "Install it, or add its bin folder to PATH; a toolchain the build finds through a "
        "variable (MINGW_ROOT, OHOS_NDK_HOME, DEVECO_SDK_HOME, JAVA_HOME) needs that variable "
        "set to its folder. The terminal or IDE that runs the build reads PATH when it starts: "
        "open a new one after changing it.",
        meaning="a command not found on PATH",
        terms=("PATH", "not found", "install"),
    ),
    # Gradle (an ArkUI-X project's Android side) older than the JDK it runs on: its Groovy
    # cannot compile the settings/build script for that JDK (faqs-compiling-and-building-188:
    # DevEco 6 bundles Java 21, which Gradle supports from 8.5)
    Signature(
        "java",
        (
            r"Could not open \S+ generic class cache for (?:settings|build|init)\w* (?:file|script)",
            r"BUG! exception in phase '[\w ]+' in source unit '_BuildScript_'",
        ),
        "Gradle is older than the JDK it runs on: raise the Gradle version in "
        "gradle/wrapper/gradle-wrapper.properties (distributionUrl; Java 21 needs Gradle 8.5 "
        "or later, Java 17 needs 7.3), or run Gradle on a JDK 17 (org.gradle.java.home in "
        "gradle.properties).",
        meaning="Gradle too old for the JDK",
        terms=("Gradle", "gradle-wrapper.properties", "org.gradle.java.home", "JDK"),
    ),
    # a JDK older than the class files of the SDK's Java tools (hap-sign-tool, app_packing_tool)
    Signature(
        "java",
        (
            r"has been compiled by a more recent version of the Java Runtime \(class file "
            r"version (?P<needs>\d+)[^)]*\), this version of the Java Runtime only recognizes "
            r"class file versions up to (?P<has>\d+)",
            r"Unsupported class file major version (?P<major>\d+)",
        ),
        "The java that ran the SDK's tool is older than the tool (class file 52 is Java 8, 55 "
        "Java 11, 61 Java 17, 65 Java 21): run it with DevEco's bundled JDK (JAVA_HOME=<DevEco>/jbr, "
        "its bin first on PATH; `java -version` must print 17 or later), then "
        "`hvigorw --stop-daemon` so the daemon picks it up.",
        meaning="the JDK is older than the SDK's Java tool",
        terms=("UnsupportedClassVersionError", "JDK", "JAVA_HOME", "class file version"),
    ),
    Signature(
        "sdk-missing",
        (
            r"Unable to find the (?P<field>(?:target|compile|compatible)SdkVersion) "
            r"(?P<version>\S+) in (?:the )?SDK(?: Manager)?",
        ),
        "build-profile.json5 asks for {field} {version} but the SDK this build uses does not "
        "hold it: install that API version in DevEco's SDK manager, point DEVECO_SDK_HOME (a "
        "command-line build) at DevEco's integrated SDK, or set {field} to an installed version.",
        meaning="the SDK version asked for is not installed",
        terms=("targetSdkVersion", "SDK", "DEVECO_SDK_HOME", "install"),
    ),
    Signature(
        "java",
        (r"spawn java ENOENT",),
        "No JDK on PATH: set JAVA_HOME to DevEco's bundled jbr (<DevEco>/jbr, macOS "
        "Contents/jbr/Contents/Home) and put its bin on PATH (JDK 17; 21 for CLT 26+).",
        code="00308018",
        meaning="spawn java ENOENT",
        terms=("00308018", "java", "JAVA_HOME", "JDK"),
    ),
    Signature(
        "hvigor-env",
        (r"Cannot find module '[^']*hvigorw\.js'",),
        "hvigorw.js was not found (a path with spaces or MSYS mangling): call "
        "`node <...>/hvigorw.js` with native paths, or run from the DevEco terminal.",
        meaning="Cannot find module hvigorw.js",
        terms=("hvigorw.js", "hvigor", "node"),
    ),
    # hap-sign-tool's own messages (the HarmonyOS FAQ's signing cases)
    Signature(
        "signing",
        # faqs-signature-service-10: the zip's central directory is not a zip's (a corrupt
        # unsigned package), unlike the JDK's zip64 checks above
        (r"invalid CEN header\s*\(bad signature\)", r"invalid LOC header\s*\(bad signature\)"),
        "The unsigned package the signing tool reads is corrupt (its zip entries are broken: "
        "an interrupted or concurrent build, a stale build folder): clean the project (DevEco "
        "Studio: Build > Clean Project, or `hvigorw clean`), then build and sign it again.",
        meaning="the unsigned package is corrupt",
        terms=("hap-sign-tool", "CEN header", "Clean Project", "签名"),
    ),
    Signature(
        "signing",
        # faqs-app-debugging-29: DevEco's automatic signing when the computer's clock is off,
        # and the JDK's words for a certificate whose validity has not started
        (
            r"calibrate the system time",
            r"current system time may be inaccurate",
            r"CertificateNotYetValidException",
            r"certificate (?:is )?not yet valid",
        ),
        "The signing certificate is not valid at this computer's time: the system clock differs "
        "from the real (Beijing) time. Set the date, time and time zone right (Windows: Control "
        "Panel > Clock and Region > Date and Time; macOS: System Settings > General > Date & "
        "Time; or turn on automatic time), then sign again; on a managed (MDM) computer ask its "
        "IT administrator.",
        meaning="the system time is off, so the certificate is not yet (or no longer) valid",
        terms=("system time", "signing", "签名", "时间"),
    ),
    Signature(
        "signing",
        # Java's KeyStore (PKCS12/JKS): the .p12 was written by a newer JDK's keytool than the
        # Java that reads it (the signing tool run with an older JAVA_HOME)
        (r"keystore was created by a newer JDK version",),
        "The keystore (.p12) was created by a newer JDK than the Java the signing tool runs "
        "with: run the build with a JDK at least as new, DevEco Studio's bundled one "
        "(JAVA_HOME=<DevEco>/jbr, its bin first on PATH; `java -version` to check), or create "
        "the keystore again with the JDK that signs.",
        meaning="a keystore from a newer JDK",
        terms=("keystore", "JDK", "JAVA_HOME", "签名"),
    ),
    Signature(
        "signing",
        # faqs-signature-service-14: the certificate file (.cer) is no certificate
        (r"DerValue\.getOID", r"not an OID \d+"),
        "The certificate file (Certpath file, .cer) is not a standard certificate or is damaged: "
        "check it with `keytool -printcert -file <file.cer>` and configure the certificate "
        "AppGallery Connect issued for this key (File > Project Structure > Signing Configs).",
        meaning="the certificate file cannot be parsed",
        terms=("certificate", ".cer", "keytool", "签名"),
    ),
    Signature(
        "signing",
        # faqs-signature-service-16: the keystore's private key and the certificate differ (the
        # tool's own capitalisation; bm's ``verify signature failed`` is read by its code)
        (r"(?-i:Verify Signature failed)",),
        "The certificate (.cer) does not belong to the key the keystore holds under keyAlias: "
        "compare the SubjectKeyIdentifier of `keytool -list -v -keystore <store.p12> -alias "
        "<alias>` with that of `keytool -printcert -file <file.cer>`, and configure the "
        "certificate issued for that key. A signed package that fails verification was "
        "modified: package and sign it again.",
        meaning="the certificate and the keystore's key do not match",
        terms=("certificate", "keystore", "keyAlias", "签名"),
    ),
    Signature(
        "signing",
        # DevEco's automatic signing against AppGallery Connect (faqs-signature-service-11,
        # faqs-signature-service-18, faqs-app-debugging-5)
        (
            r"Failed to query agreement signing records",
            r"Failed to verify the bundle name\. Check your network",
            r"Failed to find the capabilities",
        ),
        "DevEco Studio could not reach AppGallery Connect while signing automatically: check "
        "the network and DevEco Studio's HTTP proxy (Settings > Appearance & Behavior > System "
        "Settings > HTTP Proxy), sign out and in again; the account must have passed real-name "
        "verification. If the app in AppGallery Connect lacks the capability and ACL settings, "
        "create the app again there, then sign.",
        meaning="automatic signing could not reach AppGallery Connect",
        terms=("automatic signing", "AppGallery Connect", "proxy", "签名"),
    ),
    Signature(
        "signing",
        (r"Bundle name \S+ is already in use",),
        "The bundleName is taken in AppGallery Connect by another app or team: change "
        "bundleName in AppScope/app.json5, or join the team that owns it and pick that Team in "
        "the signing dialog, then sign again.",
        meaning="the bundle name is used by another app or team",
        terms=("bundleName", "AppGallery Connect", "签名"),
    ),
    Signature(
        "signing",
        (r"Unsupported restricted ACL permission exist",),
        "Automatic signing supports only some ACL permissions and the project requests another "
        "one: sign manually (a certificate and a profile from AppGallery Connect that grant the "
        "ACL permission), or drop the permission from requestPermissions in module.json5.",
        meaning="automatic signing does not support a requested ACL permission",
        terms=("ACL", "requestPermissions", "manual signing", "签名"),
    ),
    Signature(
        "signing",
        (r"parseAlgParameters failed", r"data isn't an object ID"),
        "The keystore (.p12) was made by a newer JDK than the one signing with it: sign with "
        "DevEco's bundled JDK 17 (its jbr as JAVA_HOME, first on PATH), or make the .p12 again "
        "with the JDK that signs.",
        meaning="keystore made by a newer JDK",
        terms=("keystore", "p12", "JDK", "签名"),
    ),
    Signature(
        "signing",
        (r"keystore password was incorrect", r"password was incorrect"),
        "The keystore (storePassword) or key (keyPassword) password is wrong: use the passwords "
        "given when the .p12 was made; build-profile.json5 keeps them encrypted, hap-sign-tool "
        "on the command line needs them in plain text.",
        meaning="wrong keystore or key password",
        terms=("keystore", "password", "p12", "签名"),
    ),
    Signature(
        "signing",
        (r"maybe this is a zip64 file", r"find zip central directory failed"),
        "The HAP is not a plain zip: over 4 GB or over 65535 entries makes it zip64, which the "
        "signing tool cannot sign. Make the HAP smaller: fewer files and folders (pack assets "
        "into archives), less size.",
        meaning="HAP packed as zip64",
        terms=("zip64", "hap-sign-tool", "签名"),
    ),
    Signature(
        "signing",
        (r"ENOENT[^\n]*[/\\]material'",),
        "The signing material folder (written next to the keystore when DevEco generates a "
        "signature; it holds the encrypted passwords) is missing: generate the signature again "
        "(File > Project Structure > Signing Configs) or sign the unsigned HAP with "
        "hap-sign-tool.",
        meaning="signing material missing",
        terms=("signingConfigs", "material", "签名"),
    ),
    *NATIVE_LINK_SIGNATURES,
    # the SignHap task failed: a keystore (.p12), certificate (.cer) or profile (.p7b) that is
    # missing, expired or does not match (hvigor names the file and signingConfigs)
    Signature(
        "signing",
        (
            r"Failed\s+:\S*@SignHap",
            r"hap-sign-tool",
            r"certificate (?:has )?expired",
            r"\.p7b\b",
        ),
        "Signing the HAP failed: the keystore (.p12), certificate (.cer) or profile (.p7b) named "
        "in the evidence is missing, expired or does not match the app. For debug builds, in "
        "DevEco Studio re-run File > Project Structure > Signing Configs > Automatically "
        "generate signature; for release builds renew the certificate and profile in AppGallery "
        "Connect. Check the paths in signingConfigs of build-profile.json5.",
        meaning="signing the HAP failed (SignHap)",
        terms=("signingConfigs", "SignHap", "签名", "证书", "signing"),
        evidence=(
            r"\.(?:p12|cer|p7b)\b",
            r"expired",
            r"^Error Message:",
            r"signingConfigs",
            r"ERROR:(?!\s*(?:Failed\s+:|BUILD FAILED))",
        ),
    ),
)
