"""What bm's error codes mean and how to fix them: its install (and uninstall) codes
(``code:95683xx``, :data:`INSTALL_CODES`, after bm's own error table) and the Chinese words the
on-device installer shows without the code (:data:`INSTALL_WORDS_ZH`); read by the classifiers
(:mod:`.outcomes`) and the build doctor.
"""

from __future__ import annotations

# fixes that more than one code has
_RESTART_AND_REPORT = (
    "Restart the device and install again; if it keeps failing, export the device log "
    "(`hdc file recv /data/log/hilog/`) and report it."
)
_RESTART_AND_UNINSTALL = "Restart the device and uninstall again."
_SIGN_AGAIN = (
    "Sign the HAP again: DevEco Studio's automatic signing with the device connected, or a "
    "manual signature with a certificate and profile that belong together."
)

INSTALL_CODES: dict[str, tuple[str, str]] = {
    # code: (meaning, fix) — the bm error table
    "9568320": (
        "no signature file",
        "The HAP is unsigned (an *-unsigned.hap, or a build without signingConfigs). Sign it: add a "
        "signingConfig in build-profile.json5 and reference it from the product (DevEco: File > "
        "Project Structure > Signing Configs > Automatically generate signature, with the device "
        "connected), or sign manually (hap-sign-tool sign-app), then install the signed HAP.",
    ),
    "9568322": (
        "signature verification failed due to not trusted app source",
        "The device's UDID is not in the debug profile, or a release-signed HAP was sideloaded. "
        "Re-sign with a debug profile that includes this device (automatic signing does it, "
        "with the device connected); when signing an OpenHarmony app by hand, add the UDID "
        "(`hdc shell bm get -u`) to device-ids in UnsgnedDebugProfileTemplate.json and sign "
        "the profile again; a release certificate and profile are for AppGallery, not for "
        "running on a device.",
    ),
    "9568329": (
        "verify signature failed",
        "The HAP's signature does not verify on the device: the profile (.p7b) was issued for "
        "another bundleName or certificate than the one that signed the HAP. Re-sign with a "
        "certificate and profile made for this bundleName (app.json5), e.g. DevEco's automatic "
        "signing; the device's hilog (BMSInstaller) names the mismatch.",
    ),
    "9568332": (
        "install sign info inconsistent",
        "An app with the same bundle name but another certificate is installed: uninstall it "
        "first (`hdc uninstall <bundle>`), then install again.",
    ),
    "9568278": (
        "install version code not same",
        "The installed app has another versionCode (DevEco debug vs hdc build): uninstall it first.",
    ),
    "9568283": (
        "install releaseType compatible not same",
        "The installed app was built against an SDK of another release type (a Beta SDK vs a "
        "Release one, after compatibleSdkVersion changed): uninstall it first (`hdc uninstall "
        "<bundle>`), then install again.",
    ),
    "9568263": (
        "install version downgrade",
        "The installed versionCode is higher: raise versionCode in AppScope/app.json5 or uninstall first.",
    ),
    "9568336": (
        "install debug type not same",
        "A debug build is installed over a release one (or the reverse): uninstall the app first.",
    ),
    "9568286": (
        "install provision type not same",
        "The signing profile type differs from the installed app's: uninstall the app first.",
    ),
    "9568347": (
        "install parse native so failed",
        "Native libraries do not match the device ABI (`hdc shell param get "
        "const.product.cpu.abilist`): build for that ABI (abiFilters in build-profile.json5) in "
        "every module with C++ (HSPs and HARs too), and a third-party library must ship "
        "libs/<that abi> (oh_modules/<lib>/libs/arm64-v8a, x86_64). An x86_64 emulator needs "
        "x86_64 libraries, a phone arm64-v8a: a library shipped for arm64 only cannot run on the "
        "x86 emulator, so test on a real device.",
    ),
    "9568297": (
        "install failed due to older sdk version in the device",
        "The app was built for a newer API than the device's image has (`hdc shell param get "
        "const.ohos.apiversion`): update the device's image, or lower compatibleSdkVersion in "
        "build-profile.json5 to at most the device's API (not below what the app uses), then "
        "clean, rebuild and sign. With the same API level an older image may still refuse a newer "
        "SDK's package: update the image. runtimeOS must be the device's (HarmonyOS for a "
        "HarmonyOS device, OpenHarmony for an OpenHarmony one).",
    ),
    "9568289": (
        "install failed due to grant request permissions failed",
        "The app requests a permission its signing profile does not grant: a system_basic/"
        "system_core one without an ACL (remove it or add it to the profile's ACL), or a "
        "restricted permission (READ_IMAGEVIDEO/WRITE_IMAGEVIDEO, READ_CONTACTS/WRITE_CONTACTS, "
        "…) that a normal app gets only after applying for it in AppGallery Connect and "
        "signing with the profile that lists it: use the system Picker instead where one "
        "exists (photoAccessHelper's PhotoViewPicker, the contacts picker), or apply for it.",
    ),
    "9568305": (
        "dependent module does not exist",
        "An HSP this module depends on is not installed: install the HSP first (or together).",
    ),
    "9568344": (
        "install parse profile prop check error",
        "A field in app.json5/module.json5 is invalid (often bundleName): fix the value and rebuild. "
        "A field that needs a privilege the signing profile does not grant (a system app's, a "
        "full-SDK system API's: apl system_basic/system_core, AllowAppUsePrivilegeExtension) fails "
        "the same way: raise the apl and the privileges in the profile (OpenHarmony's "
        "UnsgnedReleasedProfileTemplate.json for a self-signed HAP), re-sign, and on a device "
        "that lists privileged apps add the app's fingerprint to install_list_capability.json.",
    ),
    "9568259": (
        "install parse profile missing prop",
        "A required field is missing in module.json5/app.json5: add it and rebuild.",
    ),
    "9568304": (
        "device type is not supported",
        "Add this device's type to deviceTypes in module.json5 and rebuild.",
    ),
    "9568288": (
        "install failed due to insufficient disk memory",
        "The device storage is full: free some space and retry.",
    ),
    "9568269": (
        "install file path invalid",
        "The HAP path is missing or longer than 256 bytes: use a shorter path.",
    ),
    "9568266": (
        "install permission denied",
        "hdc install cannot install an enterprise app (also an MDM app) signed with a release "
        "certificate and profile: sign it with a debug certificate and debug profile to install "
        "and debug it. For an MDM app apply for the enterprise MDM release certificate first "
        "(so the account has the MDM rights), then the debug certificate and a debug profile "
        "with the restricted ACL MDM permissions; after installing, activate it with `hdc shell "
        "edm enable-admin`.",
    ),
    # the four below: their bm text and the maintainers' answers in public issues
    # (TermonyHQ/Termony#137, #133; likuai2010/auto-installer#88; a uni-app note on 9568296)
    "9568407": (
        "failed to install the HAP because installing the native package failed (HNP)",
        "The HAP carries native packages (.hnp): only 2in1/PC devices install them; install on "
        "such a device, or build without the native packages for phones and tablets.",
    ),
    "9568409": (
        "failed to install the HAP because the extract of the native package failed (HNP)",
        "A file inside the .hnp native package cannot be extracted on the device (seen with "
        "unusual file names such as '..fish'): remove or rename that file and rebuild the HNP.",
    ),
    # bm's own spelling ("filed"), as the guide and bm print it
    "9568413": (
        "check syscap filed and device type is not supported",
        "The device lacks a system capability the app requires, or its type is not in "
        "deviceTypes: add the device type to module.json5 deviceTypes and drop (or guard with "
        "canIUse) the syscaps this device does not have, then rebuild.",
    ),
    # a commercial HarmonyOS device and the SDK's OpenHarmony debug material (developers' notes
    # in public repositories; the HarmonyOS signing guide)
    "9568257": (
        "fail to verify pkcs7 file",
        "The HAP's PKCS#7 signature does not verify on the device (bm's causes: a certificate "
        "chain incomplete or not trusted, a signing algorithm or format that does not match, a "
        "private key that is not the certificate's, a changed or damaged signature). Often the "
        "device does not trust it: material the SDK ships (the OpenHarmony "
        "debug certificate) or a self-made certificate works only on OpenHarmony devices. For a "
        "HarmonyOS device sign with a certificate and profile from AppGallery Connect: in DevEco "
        "Studio log in with a Huawei account and use File > Project Structure > Signing Configs > "
        "Automatically generate signature.",
    ),
    "9568296": (
        "install failed due to error bundle type",
        "An app of the other bundle type (atomic service vs app) with this bundle name is "
        "installed, or the certificate is for the other type: uninstall it, and sign with a "
        "certificate/profile of the same type as the project.",
    ),
    "9568448": (
        "verify app signature failed",
        "The .app package being installed is unsigned, or its signature does not verify here (a "
        "release signature, an app_gallery profile, is not installed by hdc/bm): sign it with a "
        "debug certificate and debug profile (DevEco's automatic signing with the device "
        "connected, or a manual signature) and pack the .app again.",
    ),
    # The rest of bm's documented codes (application-dev/tools/bm-tool.md, "bm Tool Error
    # Codes"): meaning = bm's own error text (lower case), fix after the guide's solution.
    "9568258": (
        "install releaseType target not same",
        "The installed app (or another HAP of this app) was built with an SDK of another release type: uninstall the installed app first (`hdc uninstall <bundle>`; on a PC/2in1 for every user), or build every HAP with the same SDK.",
    ),
    "9568260": ("install internal error", _RESTART_AND_REPORT),
    "9568261": ("install host installer failed", _RESTART_AND_REPORT),
    "9568262": (
        "install parse failed",
        "bm cannot parse the package: a plugin must be installed with `bm install-plugin`, a skill bundle cannot be installed by command, and skillProfiles names must match their SKILL.md; otherwise rebuild the HAP.",
    ),
    "9568264": (
        "install verification failed",
        "The appIdentifier of the new package differs from the installed app's: uninstall the installed app first (`hdc uninstall <bundle>`; on a PC/2in1 for every user), or sign with the profile whose app-identifier matches.",
    ),
    "9568265": ("install param error", _RESTART_AND_REPORT),
    "9568267": (
        "install entry already exist",
        "The app already has an entry module of another name: uninstall the installed app first (`hdc uninstall <bundle>`; on a PC/2in1 for every user), or give the new entry module the same name (or make it a feature module).",
    ),
    "9568268": (
        "install state error",
        "Another installation of this app is still running: wait for it to finish and install again.",
    ),
    "9568270": (
        "install invalid hap name",
        "Install a file ending in .hap, .hsp or .hqf (rename or rebuild it).",
    ),
    "9568272": (
        "install invalid hap size",
        "The package is over 4 GB: split it into smaller HAPs/HSPs.",
    ),
    "9568273": (
        "install generate uid error",
        "The device has too many apps installed (no UID left): uninstall unused apps and retry.",
    ),
    "9568274": (
        "install installd service error",
        "Clear the cache and restart the device, then install again.",
    ),
    "9568275": ("install bundle mgr service error", _RESTART_AND_REPORT),
    "9568276": (
        "install already exist",
        "An app with this bundleName already exists: change bundleName in AppScope/app.json5 or uninstall the other app.",
    ),
    "9568277": (
        "install bundle name not same",
        "The packages installed together have different bundleName values: give every HAP/HSP the same bundleName (app.json5) and rebuild.",
    ),
    "9568279": (
        "install version name not same",
        "The packages installed together have different versionName values: make them equal in app.json5 and rebuild.",
    ),
    "9568280": (
        "install min compatible version code not same",
        "The packages installed together have different minCompatibleVersionCode values: make them equal and rebuild.",
    ),
    "9568281": (
        "install vendor not same",
        "The vendor field (app.json5) differs from the installed app's or between the HAP and an integrated HSP: make them equal, or uninstall the installed app first (`hdc uninstall <bundle>`; on a PC/2in1 for every user).",
    ),
    "9568282": (
        "install releasetype target not same",
        "The packages installed together have different targetAPIVersion/releaseType: build every HAP/HSP with the same SDK and targetSdkVersion.",
    ),
    "9568284": (
        "install version not compatible",
        "The HSP's version does not match the installed HAP's: install an HSP of the same bundleName and version (or uninstall the HAP first).",
    ),
    "9568287": (
        "install invalid number of entry hap",
        "The app has more than one entry module: keep one entry and make the others feature modules (type in module.json5).",
    ),
    "9568290": ("install failed due to update hap token failed", _RESTART_AND_REPORT),
    "9568291": (
        "install failed due to singleton not same",
        "The singleton setting differs from the installed app's: uninstall the installed app first (`hdc uninstall <bundle>`; on a PC/2in1 for every user), or make the setting the same.",
    ),
    "9568292": (
        "install failed due to zero user can only install singleton app",
        "Install without `-u 0`: only singleton apps may be installed for user 0.",
    ),
    "9568293": (
        "install failed due to check syscap filed",
        "The HAPs/HSPs of the app declare different system capabilities (syscap): make them consistent and rebuild.",
    ),
    "9568294": (
        "install failed due to apptype not same",
        "The app-feature of the signing profile differs from the installed app's: uninstall the installed app first (`hdc uninstall <bundle>`; on a PC/2in1 for every user), or sign every HAP with the same certificate and profile.",
    ),
    "9568299": (
        "install failed due to ark native file is incompatible",
        "Restart the device and install again; rebuild the app if it persists.",
    ),
    "9568300": (
        "moduleName is not unique",
        "Two modules have the same name: give each module its own name in module.json5 and rebuild.",
    ),
    "9568301": (
        "moduleName is inconsistent",
        "A module of that name is installed with another type: keep its type (module.json5 type) or rename the module.",
    ),
    "9568302": (
        "install failed due to singleton not same in modules",
        "The modules of the app have different singleton settings: make them equal.",
    ),
    "9568303": (
        "the installation is forbidden by enterprise device management",
        "The device's enterprise management (MDM) forbids installing this app; only its administrator can allow it.",
    ),
    "9568308": (
        "install bundleType not same",
        "The HAPs installed together have different bundleType values: make bundleType in app.json5 the same for all.",
    ),
    "9568309": (
        "failed to install the hsp due to the lack of required permission",
        "Installing an inter-app HSP needs the AllowAppShareLibrary privilege; a third-party app cannot install one.",
    ),
    "9568310": (
        "compatible policy not same",
        "A shared library and an app use the same bundle name: uninstall the one installed, or give them different bundle names.",
    ),
    "9568311": (
        "shared bundle is not exist",
        "The shared library to uninstall is not installed: check its bundle name with `bm dump-shared -a`.",
    ),
    "9568312": (
        "the version of the shared bundle is dependent on other applications",
        "Other apps depend on this shared library: uninstall them first.",
    ),
    "9568314": (
        "installing a shared bundle specified by hapfilepaths is not allowed",
        "Install an inter-app HSP with `hdc install -s <hsp>` (bm install -s), not as a HAP.",
    ),
    "9568315": (
        "uri in proxy data is wrong",
        "Fix the uri of proxyData in module.json5 to the documented format (datashareproxy://<bundle>/...).",
    ),
    "9568316": (
        "apl of required permission in proxy data is too low",
        "requiredReadPermission/requiredWritePermission in proxyData need a system_basic/system_core app: remove them or use an app with that APL.",
    ),
    "9568317": (
        "isolationMode does not match the system",
        "Set isolationMode in module.json5 to what the device supports (persist.bms.supportIsolationMode).",
    ),
    "9568318": (
        "signature file path is invalid",
        _SIGN_AGAIN,
    ),
    "9568319": (
        "cannot open signature file",
        _SIGN_AGAIN,
    ),
    "9568321": (
        "fail to parse signature file",
        _SIGN_AGAIN,
    ),
    "9568323": (
        "signature verification failed due to not bad digest",
        "The HAP was changed after it was signed (or signed wrongly): rebuild and sign it again. "
        + _SIGN_AGAIN,
    ),
    "9568324": (
        "signature verification failed due to out of integrity",
        "The HAP was changed after it was signed: rebuild and sign it again. " + _SIGN_AGAIN,
    ),
    "9568325": (
        "signature verification failed due to oversize file",
        "The signature block is too large: sign again with automatic signing or a new certificate.",
    ),
    "9568326": (
        "signature verification failed due to bad public key",
        _SIGN_AGAIN,
    ),
    "9568327": (
        "signature verification failed due to bad bundle signature",
        _SIGN_AGAIN,
    ),
    "9568328": (
        "signature verification failed due to no profile block",
        "The HAP's signature has no profile (.p7b): sign with a profile (signingConfigs.profile in build-profile.json5). "
        + _SIGN_AGAIN,
    ),
    "9568330": (
        "signature verification failed due to init source failed",
        _SIGN_AGAIN,
    ),
    "9568331": (
        "install incompatible signature info",
        "The HAPs of the app are signed differently: sign every HAP/HSP with the same certificate and profile.",
    ),
    "9568333": (
        "install failed due to hap moduleName is empty",
        "Give the module a name (name in module.json5) and rebuild.",
    ),
    "9568334": (
        "install failed due to hap moduleName duplicate",
        "Two HAPs of the app have the same module name: rename one (module.json5 name).",
    ),
    "9568335": (
        "install failed due to check hap hash param failed",
        "InstallParam.hashParams names modules that are not installed: pass only the modules being installed.",
    ),
    "9568337": (
        "install parse unexpected",
        "The HAP on the device is damaged (a push cut short or a full disk): free space (`hdc shell df -h`), compare the file's MD5 and push it again.",
    ),
    "9568340": (
        "install parse no profile",
        "The HAP lacks module.json/pack.info: rebuild and pack it with DevEco Studio / hvigor, not by hand.",
    ),
    "9568341": (
        "install parse bad profile",
        "module.json/pack.info in the HAP do not parse: rebuild and pack it with DevEco Studio / hvigor.",
    ),
    "9568342": (
        "install parse profile prop type error",
        "A field of module.json/pack.info has the wrong type: rebuild with DevEco Studio / hvigor and check the json5 values.",
    ),
    "9568345": (
        "too large size of string or array type element in the profile",
        "A string or array in module.json5/app.json5 is longer than allowed: shorten it and rebuild.",
    ),
    "9568346": (
        "install parse syscap error",
        "The HAP/HSP is damaged: rebuild, sign and install the new one.",
    ),
    "9568348": (
        "install parse ark native file failed",
        "The HAPs' ABIs differ from each other or from the device's: build every module with the same abiFilters, one the device supports (`hdc shell param get const.product.cpu.abilist`).",
    ),
    "9568349": ("installd param error", _RESTART_AND_REPORT),
    "9568350": ("installd get proxy error", _RESTART_AND_REPORT),
    "9568351": ("installd create dir failed", _RESTART_AND_REPORT),
    "9568354": ("installd remove dir failed", _RESTART_AND_REPORT),
    "9568355": ("installd extract files failed", _RESTART_AND_REPORT),
    "9568356": ("installd rename dir failed", _RESTART_AND_REPORT),
    "9568357": ("installd clean dir failed", _RESTART_AND_REPORT),
    "9568359": (
        "installd set selinux label failed",
        "The apl field of the signing profile (.p7b) is wrong (normal, system_basic or system_core): fix it in the profile template and sign again.",
    ),
    "9568360": (
        "internal error of overlay installation",
        "Rebuild the overlay app and retry; restart the device if it persists.",
    ),
    "9568361": (
        "invalid bundle name of overlay installation",
        "Set targetBundleName in the overlay app's app.json5.",
    ),
    "9568362": (
        "invalid module name of overlay installation",
        "Set targetModuleName in the overlay app's module.json5.",
    ),
    "9568380": (
        "uninstall system app error",
        "This system app cannot be uninstalled: the bm guide's 9568380, some preinstalled "
        "(system, product or vendor) apps are set as non-removable, and bm refuses to uninstall "
        "them; only user-installed apps can be. Leave it installed (check the bundle name: `hdc "
        "shell bm dump -a` lists the installed apps).",
    ),
    "9568381": ("uninstall killing app error", _RESTART_AND_UNINSTALL),
    "9568382": (
        "uninstall invalid name",
        "Pass the bundle (and module) name to uninstall; restart the device if it was given.",
    ),
    "9568384": ("uninstall permission denied", _RESTART_AND_UNINSTALL),
    "9568385": ("uninstall bundle mgr service error", _RESTART_AND_UNINSTALL),
    "9568386": (
        "uninstall missing installed bundle",
        "The app is not installed: check the bundle name (`hdc shell bm dump -a`).",
    ),
    "9568387": (
        "uninstall missing installed module",
        "That module is not installed: check with `hdc shell bm dump -n <bundle>`.",
    ),
    "9568388": (
        "the uninstall is forbidden by enterprise device management",
        "The device's enterprise management forbids uninstalling this app; only its administrator can lift it.",
    ),
    "9568389": ("unknown", _RESTART_AND_REPORT),
    "9568391": (
        "bundle manager service is died",
        "The bundle manager service crashed: restart the device and retry (a foundation crash is in /data/log/faultlog/faultlogger/).",
    ),
    "9568393": (
        "verify code signature failed",
        'The HAP carries no code signature the device trusts: sign it again with a current DevEco Studio / hap-sign-tool (its native .so files too). The runtime and the signature must fit the device: an OpenHarmony device (a development board, an OpenHarmony emulator) wants runtimeOS "OpenHarmony" in the products of the project\'s build-profile.json5 and a signature generated without Support HarmonyOS ticked; a HarmonyOS device wants runtimeOS "HarmonyOS" and Support HarmonyOS ticked (File > Project Structure > Signing Configs).',
    ),
    "9568398": (
        "an enterprise normal/mdm bundle cannot be installed on non-enterprise device",
        "Enterprise (enterprise_normal/enterprise_mdm) profiles install only on enterprise devices: sign with a debug profile for this device.",
    ),
    "9568399": ("copy file failed", _RESTART_AND_REPORT),
    "9568401": (
        "debug bundle can only be installed in developer mode",
        "Turn on developer mode (Settings > About > tap the version number 7 times) and USB debugging, then install again.",
    ),
    "9568402": (
        "release bundle can not be installed",
        "An app_gallery release-signed package cannot be installed by bm: sign with a debug certificate and profile for device testing.",
    ),
    "9568403": (
        "check encryption failed",
        "Update the device's system, and keep only .so files in the HAP's lib directory; rebuild and sign again.",
    ),
    "9568404": (
        "delivery sign profile failed",
        "The code-signing profile could not be delivered to the device's code-signing service "
        "during installation (a path it could not create or write). Restart the device and "
        "install again; if it keeps failing, export the device log (`hdc file recv "
        "/data/log/hilog/`) and report it. On a board or port whose kernel lacks code signing "
        "(no /dev/code_sign), a debug profile cannot be delivered: sign with a release profile.",
    ),
    "9568405": ("remove sign profile failed", _RESTART_AND_UNINSTALL),
    "9568408": (
        "uninstalling the native package failed",
        "A process still uses the app's native package (.hnp): stop it and uninstall again.",
    ),
    "9568410": (
        "failed to install because the device be controlled",
        "The device is locked by its vendor (activated through an unauthorised channel): activate it normally; apps cannot be installed until then.",
    ),
    "9568412": (
        "the uninstall request is rejected by the application",
        "This app refuses to be uninstalled.",
    ),
    "9568415": (
        "debug encrypted bundle is not allowed to install",
        "An encrypted package may not be debug-signed or debug=true: install the unencrypted build for debugging.",
    ),
    "9568416": (
        "encrypted bundle cannot be installed",
        "An encrypted package cannot be installed by bm: install the unencrypted, debug-signed build.",
    ),
    "9568417": (
        "bundle cannot be installed because the appid is not same with preinstalled bundle",
        "A preinstalled app has this bundle name with another signature: sign with the same key/app-identifier, or change bundleName.",
    ),
    "9568418": (
        "failed to uninstall the app because the app is locked",
        "An uninstall rule protects the app; whoever set it must remove it.",
    ),
    "9568420": (
        "os_integration bundle is not allowed to install for shell",
        "A preinstalled release (os_integration) package cannot be installed by bm: sign with a debug profile.",
    ),
    "9568421": (
        "the app distribution type is not allowed",
        "The profile's distribution type may not be installed on this device: sign with a debug profile (or the type the device allows).",
    ),
    "9568423": (
        "failed to install the hap because the device is unauthorized",
        "The debug profile does not list this device's UDID: register the UDID (`hdc shell bm get -u`) in AppGallery Connect and download the profile again, or use automatic signing with the device connected.",
    ),
    "9568432": (
        "check plugindistributionid between plugin and host application failed",
        "The plugin's and the app's pluginDistributionIDs differ: set the same IDs in both profiles (app-services-capabilities).",
    ),
    "9568433": (
        "failed to install the plugin because host application check permission failed",
        "The host app lacks ohos.permission.kernel.SUPPORT_PLUGIN: request it (an ACL permission) and sign again.",
    ),
    "9568434": (
        "failed to install the plugin because current device does not support plugin",
        "The device does not support plugins (const.bms.support_plugin): use a device that does.",
    ),
    "9568435": (
        "host application is not found",
        "The host app named with -n is not installed: install it first or fix the name.",
    ),
    "9568436": (
        "failed to install the plugin because they have different configuration information",
        "The plugin's HSPs differ in bundleName, bundleType, versionCode or apiReleaseType: make them equal.",
    ),
    "9568437": (
        "failed to install the plugin because the plugin id failed to be parsed",
        "Fix pluginDistributionIDs in the plugin's profile (app-services-capabilities format).",
    ),
    "9568438": (
        "the plugin is not found",
        "The plugin is not installed in that app: check with `bm dump -n <bundle>`.",
    ),
    "9568439": (
        "the plugin name is same as host bundle name",
        "Give the plugin a bundle name other than the host app's.",
    ),
    "9568441": (
        "install failed due to u1enabled can not change",
        "U1Enabled in the profile's allowed-acls differs from the installed app's: sign with the same ACLs, or uninstall the installed app first (`hdc uninstall <bundle>`; on a PC/2in1 for every user).",
    ),
    "9568442": (
        "install failed due to the u1enabled is not same in all haps",
        "The HAPs are signed with profiles whose U1Enabled differs: sign them all with the same profile.",
    ),
    "9568445": (
        "only one app can be installed at a time",
        "Install one .app file at a time, without HAP/HSP files or -s beside it.",
    ),
    "9568446": (
        "decompress app failed",
        "The .app file is damaged: pack it again.",
    ),
    "9568447": (
        "no suitable haps or hsps in the app",
        "The .app has no HAP for this device type: add the device type to deviceTypes and pack again.",
    ),
    "9568449": (
        "check bin file failed",
        "executableBinaryPaths needs compressNativeLibs: true in module.json5, and a PC/2in1 device.",
    ),
    "9568450": (
        "failed to install because the bundle must be debug type",
        "`bm install -g` grants permissions only to debug-signed apps: sign with a debug certificate, or install without -g.",
    ),
}


# the on-device installer's (and DevEco's) Chinese words for a bm failure it shows without the
# code: words -> the documented code whose meaning they give
INSTALL_WORDS_ZH: dict[str, str] = {
    "权限请求失败": "9568289",  # install failed due to grant request permissions failed
    "版本降级": "9568263",  # install version downgrade
}

# the device's own log of an install it refused (HapVerify, the code-signing check; OpenHarmony's
# appverify and code_sign sources), pasted without bm's line: words -> (the code bm returns for
# it, what that line adds to the code's fix)
INSTALL_LOG_LINES: dict[str, tuple[str, str]] = {
    "untrusted source app with release profile": (
        "9568322",
        "The device's log says the profile is a release profile: its distribution type "
        "(app_gallery) installs only from AppGallery. To install it yourself, sign with a debug "
        "profile, or an internal-testing profile (AppGallery Connect's 指定设备发布, type "
        "internaltesting) that lists the device.",
    ),
    "developed cert is not same as signed cert": (
        "9568322",
        "The device's log says the HAP was signed with another certificate than the one the "
        "profile (.p7b) holds: sign with the .cer issued together with this profile, or "
        "generate both again (automatic signing).",
    ),
    "is not match with profile type": (
        "9568322",
        "The device's log says the certificate and the profile are of different types: a debug "
        "certificate goes with a debug profile, a release certificate with a release profile.",
    ),
    "APP source is not trusted": ("9568322", ""),
    "do not come from trusted root": (
        "9568257",
        "The device's log says the certificate chain ends at a root it does not trust (the "
        "issuer it prints; the SDK's OpenHarmony Application Root CA is trusted by OpenHarmony "
        "devices and the emulator only).",
    ),
    "Binary cert extension not found in certificate": (
        "9568407",
        "The device's log says the native package's binaries were code-signed with a "
        "certificate without the binary-code-signing extension, which only Huawei-issued "
        "certificates carry (not a self-made or the SDK's): sign with a Huawei-issued "
        "certificate, or leave the native packages (hnpPackages) out of the build.",
    ),
}

# bm's named results (IStatusReceiver's ERR_INSTALL_* constants, as OpenHarmony's enterprise
# device manager lists them with their numbers, install_plugin.cpp): what older hdc/DevEco print
# (``Failure[ERR_INSTALL_PARSE_NATIVE_SO_FAILED]``) -> the code of the table above
INSTALL_NAMES: dict[str, str] = {
    "ERR_INSTALL_PARSE_FAILED": "9568262",
    "ERR_INSTALL_PARSE_UNEXPECTED": "9568337",
    "ERR_INSTALL_PARSE_MISSING_BUNDLE": "9568338",
    "ERR_INSTALL_PARSE_NO_PROFILE": "9568340",
    "ERR_INSTALL_PARSE_BAD_PROFILE": "9568341",
    "ERR_INSTALL_PARSE_PROFILE_PROP_TYPE_ERROR": "9568342",
    "ERR_INSTALL_PARSE_PROFILE_MISSING_PROP": "9568259",
    "ERR_INSTALL_PARSE_PERMISSION_ERROR": "9568343",
    "ERR_INSTALL_PARSE_PROFILE_PROP_CHECK_ERROR": "9568344",
    "ERR_INSTALL_PARSE_RPCID_FAILED": "9568346",
    "ERR_INSTALL_PARSE_NATIVE_SO_FAILED": "9568347",
    "ERR_INSTALL_PARSE_AN_FAILED": "9568348",
    "ERR_INSTALL_PARSE_MISSING_ABILITY": "9568339",
    "ERR_INSTALL_FAILED_PROFILE_PARSE_FAIL": "9568321",
    "ERR_INSTALL_BUNDLE_TYPE_NOT_SAME": "9568308",
    "ERR_INSTALL_DEVICE_TYPE_NOT_SUPPORTED": "9568304",
    "ERR_INSTALL_CHECK_SYSCAP_FAILED_AND_DEVICE_TYPE_NOT_SUPPORTED": "9568413",
    "ERR_INSTALL_PARSE_PROFILE_PROP_SIZE_CHECK_ERROR": "9568345",
    "ERR_INSTALL_DEBUG_ENCRYPTED_BUNDLE_FAILED": "9568415",
    "ERR_INSTALL_CHECK_BIN_FILE_FAILED": "9568449",
    "ERR_INSTALL_VERIFICATION_FAILED": "9568264",
    "ERR_INSTALL_FAILED_INCOMPATIBLE_SIGNATURE": "9568331",
    "ERR_INSTALL_FAILED_INVALID_SIGNATURE_FILE_PATH": "9568318",
    "ERR_INSTALL_FAILED_BAD_BUNDLE_SIGNATURE_FILE": "9568319",
    "ERR_INSTALL_FAILED_NO_BUNDLE_SIGNATURE": "9568320",
    "ERR_INSTALL_FAILED_VERIFY_APP_PKCS7_FAIL": "9568257",
    "ERR_INSTALL_FAILED_APP_SOURCE_NOT_TRUESTED": "9568322",
    "ERR_INSTALL_FAILED_BAD_DIGEST": "9568323",
    "ERR_INSTALL_FAILED_BUNDLE_INTEGRITY_VERIFICATION_FAILURE": "9568324",
    "ERR_INSTALL_FAILED_BAD_PUBLICKEY": "9568326",
    "ERR_INSTALL_FAILED_BAD_BUNDLE_SIGNATURE": "9568327",
    "ERR_INSTALL_FAILED_NO_PROFILE_BLOCK_FAIL": "9568328",
    "ERR_INSTALL_FAILED_BUNDLE_SIGNATURE_VERIFICATION_FAILURE": "9568329",
    "ERR_INSTALL_FAILED_VERIFY_SOURCE_INIT_FAIL": "9568330",
    "ERR_INSTALL_FAILED_DEVICE_UNAUTHORIZED": "9568423",
    "ERR_INSTALL_SINGLETON_INCOMPATIBLE": "9568302",
    "ERR_INSTALL_U1_ENABLE_NOT_SAME_IN_ALL_BUNDLE_INFOS": "9568442",
    "ERR_INSTALL_INVALID_BUNDLE_FILE": "9568271",
    "ERR_INSTALL_FILE_PATH_INVALID": "9568269",
    "ERR_INSTALL_ENTRY_ALREADY_EXIST": "9568267",
    "ERR_INSTALL_BUNDLENAME_NOT_SAME": "9568277",
    "ERR_INSTALL_VERSIONCODE_NOT_SAME": "9568278",
    "ERR_INSTALL_VERSIONNAME_NOT_SAME": "9568279",
    "ERR_INSTALL_MINCOMPATIBLE_VERSIONCODE_NOT_SAME": "9568280",
    "ERR_INSTALL_VENDOR_NOT_SAME": "9568281",
    "ERR_INSTALL_RELEASETYPE_NOT_SAME": "9568258",
    "ERR_INSTALL_RELEASETYPE_TARGET_NOT_SAME": "9568282",
    "ERR_INSTALL_RELEASETYPE_COMPATIBLE_NOT_SAME": "9568283",
    "ERR_INSTALL_SINGLETON_NOT_SAME": "9568291",
    "ERR_INSTALL_CHECK_SYSCAP_FAILED": "9568293",
    "ERR_INSTALL_APPTYPE_NOT_SAME": "9568294",
    "ERR_INSTALL_URI_DUPLICATE": "9568295",
    "ERR_INSTALL_VERSION_NOT_COMPATIBLE": "9568284",
    "ERR_INSTALL_APP_DISTRIBUTION_TYPE_NOT_SAME": "9568285",
    "ERR_INSTALL_APP_PROVISION_TYPE_NOT_SAME": "9568286",
    "ERR_INSTALL_SO_INCOMPATIBLE": "9568298",
    "ERR_INSTALL_AN_INCOMPATIBLE": "9568299",
    "ERR_INSTALL_TYPE_ERROR": "9568296",
    "ERR_INSTALL_NOT_UNIQUE_DISTRO_MODULE_NAME": "9568300",
    "ERR_INSTALL_INCONSISTENT_MODULE_NAME": "9568301",
    "ERR_INSTALL_INVALID_NUMBER_OF_ENTRY_HAP": "9568287",
    "ERR_INSTALL_ASAN_ENABLED_NOT_SAME": "9568306",
    "ERR_INSTALL_ASAN_ENABLED_NOT_SUPPORT": "9568307",
    "ERR_INSTALL_COMPATIBLE_POLICY_NOT_SAME": "9568310",
    "ERR_INSTALL_FAILED_DEBUG_NOT_SAME": "9568336",
    "ERR_INSTALL_GWP_ASAN_ENABLED_NOT_SAME": "9568400",
    "ERR_INSTALL_DISK_MEM_INSUFFICIENT": "9568288",
    "ERR_INSTALL_VERSION_DOWNGRADE": "9568263",
    "ERR_INSTALL_DEPENDENT_MODULE_NOT_EXIST": "9568305",
    "ERR_INSTALL_SHARE_APP_LIBRARY_NOT_ALLOWED": "9568309",
    "ERR_INSTALL_FILE_IS_SHARED_LIBRARY": "9568314",
    "ERR_INSTALL_DISALLOWED": "9568303",
    "ERR_INSATLL_CHECK_PROXY_DATA_URI_FAILED": "9568315",
    "ERR_INSATLL_CHECK_PROXY_DATA_PERMISSION_FAILED": "9568316",
    "ERR_INSTALL_ISOLATION_MODE_FAILED": "9568317",
    "ERR_INSTALL_ALREADY_EXIST": "9568276",
    "ERR_INSTALL_CODE_SIGNATURE_FAILED": "9568393",
    "ERR_INSTALL_CODE_SIGNATURE_FILE_IS_INVALID": "9568394",
    "ERR_INSTALL_CHECK_ENCRYPTION_FAILED": "9568403",
    "ERR_INSTALL_CODE_SIGNATURE_DELIVERY_FILE_FAILED": "9568404",
    "ERR_INSTALL_CODE_SIGNATURE_REMOVE_FILE_FAILED": "9568405",
    "ERR_INSTALL_ENTERPRISE_BUNDLE_NOT_ALLOWED": "9568398",
}
