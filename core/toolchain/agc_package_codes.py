"""AppGallery Connect's package parsing error codes (the help page agc-help-package-errorcode,
"软件包解析错误码" / "Package Parsing Error Codes"), with the steps of the FAQ on uploading
packages (faqs-appgallery-86). AGC prints ``CODE，<message>`` in the package list after an
upload, so a row matches the code with its message (Chinese or English); a message that names
its problem by itself matches alone too. Data only: :data:`AGC_PACKAGE_SIGNATURES`."""

from __future__ import annotations

import re

from hmdesk.core.toolchain.finding import FindingKind
from hmdesk.core.toolchain.signature import Signature

_RELEASE = (
    "sign the .app with the release certificate and the release profile from AppGallery Connect "
    "(证书、APP ID和Profile), not the debug ones: add a signingConfig for them in the project's "
    "build-profile.json5 (not in hvigorfile.ts overrides), make products[].signingConfig name it "
    '(e.g. "release"), Build APP(s) again and upload the new .app'
)
_UNKNOWN = (
    "AGC could not parse the package: build it with the latest DevEco Studio; keep each HAP's "
    "file name equal to its name in pack.info (do not rename what Build APP(s) made); keep a "
    "fallback of every media resource in resources/base/media; give resource files names without "
    '/*?|"<> and under 100 characters; then build and upload again (if it stays, open a ticket '
    "with the AppId)"
)
_SHARED_LIBRARY = (
    "A shared library (HSP) the app depends on is not released in AGC under that bundleName: "
    "release the shared library first, or correct the dependency's bundleName."
)
_CONFIG = "fix the project's configuration named below, Build APP(s) again and upload the new .app"

# (code, kind, the page's Chinese message, its English message, fix; "" means the message
# alone is too generic to decide without its code)
PACKAGE_CODES: tuple[tuple[str, FindingKind, str, str, str], ...] = (
    ("4", "config", "", "", _UNKNOWN),
    (
        "5",
        "config",
        "软件包无效，默认卡片不满足要求",
        "the default widget does not meet the requirements",
        "The atomic service's default widget does not meet AGC's requirements: declare one widget "
        "with isDefault true in form_config.json that meets the widget specifications; " + _CONFIG,
    ),
    (
        "6",
        "config",
        "软件包无效，缺少预加载模块",
        "the preload module is missing",
        "A module named in module.json5's atomicService preloads is not in the package: pack every "
        "preloaded module into the .app or drop it from preloads; " + _CONFIG,
    ),
    (
        "7",
        "config",
        "软件包无效，单模块超过2MB限制",
        "the size of a single module exceeds 2 MB",
        "An atomic service's module may be at most 2 MB: move resources out (download them at run "
        "time), split the module into HSPs loaded on demand, or shrink it; " + _CONFIG,
    ),
    (
        "8",
        "config",
        "软件包整体超过10MB限制",
        "the size of the package exceeds 10 MB",
        "An atomic service's package may be at most 10 MB in all: shrink its modules and resources; "
        + _CONFIG,
    ),
    (
        "9",
        "config",
        "软件包无效，缺少依赖的包",
        "the package it depends on is missing",
        "A package a module depends on (an HSP) is not in the .app: do not leave dependencies out "
        "when packing, keep the dependencies the project configures, build with the latest DevEco "
        "Studio and upload the whole .app.",
    ),
    (
        "10",
        "config",
        "该模型的同一设备类型不能有非entry模块",
        "non-entry modules are not allowed",
        "An FA-model atomic service may have only its entry module per device type: remove the "
        "feature modules (or migrate to the Stage model); " + _CONFIG,
    ),
    (
        "11",
        "config",
        "当前元服务一个设备下有多个entry包",
        "multiple entry packages for a device type",
        "Only one entry module per device type: keep one module of type entry for each deviceTypes "
        "value in module.json5; " + _CONFIG,
    ),
    (
        "12",
        "config",
        "设备类型default和phone不能同时存在",
        "the device types default and phone coexist",
        "module.json5's deviceTypes lists both default and phone: keep one of them; " + _CONFIG,
    ),
    (
        "13",
        "config",
        "软件包中卡片与快照不符合要求",
        "the widgets and snapshots in the package do not meet the requirements",
        "The atomic service's widgets or their snapshots do not meet AGC's requirements: give every "
        "widget in form_config.json the snapshot and sizes the widget specifications ask; "
        + _CONFIG,
    ),
    (
        "991",
        "signing",
        "非法软件包",
        "invalid package",
        "AGC takes the signed .app, not a .hap: upload the .app from the project's build/outputs/"
        "default (a HAP is in the module's build folder); check that the certificate, profile and "
        ".p12 belong together (generate them again if unsure), that each HAP's name equals pack.info's "
        "name, and sign manually (File > Project Structure > Signing Configs, untick Automatically "
        "generate signature, tick Support HarmonyOS), then " + _RELEASE + ".",
    ),
    (
        "992",
        "config",
        "软件包中解析出来的包名与创建应用时包名不一致",
        "the value of bundleName parsed from the package is different",
        "The bundleName in app.json5 differs from the one the app was created with in AGC (or the "
        "HAPs disagree): use the AGC app's bundleName in app.json5 and its signing material; "
        + _CONFIG,
    ),
    (
        "993",
        "signing",
        "Profile文件非法",
        "invalid profile",
        "The profile in the package is not valid for AppGallery: it was signed with a debug (or "
        "automatically generated) profile or one of another app: " + _RELEASE + ".",
    ),
    (
        "994",
        "config",
        "",
        "the package does not exist",
        "The upload did not arrive: upload the .app again (check the network and proxy).",
    ),
    (
        "995",
        "config",
        "您所上传的软件包不是HarmonyOS应用后缀.app",
        "not a HarmonyOS package with the file name extension .app",
        "Upload the .app Build > Build Hap(s)/APP(s) > Build APP(s) makes (the project's "
        "build/outputs/default), not a .hap or a renamed file.",
    ),
    ("996", "config", "", "", _UNKNOWN),
    (
        "997",
        "config",
        "包名与应用不匹配",
        "the value of bundleName does not match the app",
        "The package's bundleName is not the AGC app's: set app.json5's bundleName to the app's "
        "(or upload under the app created for this bundleName); " + _CONFIG,
    ),
    (
        "998",
        "config",
        "您所上传的软件包不支持所选设备",
        "the uploaded package does not support the selected devices",
        "The devices ticked in AGC are not in module.json5's deviceTypes: make deviceTypes declare "
        "every device the app is released for (phone for 手机), or tick only those; " + _CONFIG,
    ),
    (
        "999",
        "signing",
        "使用的Profile类型错误",
        "the profile type used by the uploaded",
        "The package was signed with a debug certificate and debug profile: " + _RELEASE + ".",
    ),
    (
        "1000",
        "signing",
        "使用的Profile文件已过期",
        "the profile used by the uploaded HarmonyOS "
        r"app package has expired",
        "The release profile has expired: apply for a new release profile in AGC, then "
        + _RELEASE
        + ".",
    ),
    (
        "1001",
        "signing",
        "使用的Profile和证书不匹配",
        "the profile and the certificate",
        "The profile was not issued for the certificate the package is signed with: download the "
        "release profile made for this release certificate (same .p12/CSR), then " + _RELEASE + ".",
    ),
    (
        "1002",
        "signing",
        "使用的证书文件已过期",
        "the certificate used by the uploaded",
        "The release certificate has expired: apply for a new one (from the same CSR) and a new "
        "release profile for it, then " + _RELEASE + ".",
    ),
    (
        "1003",
        "signing",
        "使用的证书文件未生效",
        "certificate .{0,40}not yet (?:valid|effective)",
        "The release certificate is not valid yet (check the computer's clock and the "
        "certificate's dates), then " + _RELEASE + ".",
    ),
    (
        "1004",
        "config",
        "此包名的应用已经创建",
        "an app with this bundle name has been created",
        "An app with this bundleName exists already: upload under that app, or change bundleName.",
    ),
    (
        "1005",
        "signing",
        "证书文件非法",
        "invalid certificate",
        "The certificate in the package is not a valid AGC certificate: download the release "
        "certificate (.cer) again, then " + _RELEASE + ".",
    ),
    (
        "1006",
        "config",
        "HAP包过大",
        "the HAP is too large",
        "A HAP is larger than AGC accepts: shrink it (resources, native libraries) or split it.",
    ),
    (
        "1007",
        "config",
        "提交的HarmonyOS应用版本号没有大于或者等于软件包中shell.apk的版本号",
        "shell.apk",
        "app.json5's versionCode must be at least shell.apk's version: raise versionCode; "
        + _CONFIG,
    ),
    (
        "1008",
        "config",
        "关联Android应用有误",
        "associated Android app",
        "The Android app associated with the atomic service in AGC is wrong: correct it in AGC.",
    ),
    (
        "1009",
        "config",
        "元服务绑定的Android应用的appId和packageName二者缺一",
        "appId and packageName",
        "Give the atomic service's bound Android app both its appId and packageName in AGC.",
    ),
    (
        "1010",
        "config",
        "当前软件包非元服务软件包",
        "not an atomic service package",
        "The app was created in AGC as an atomic service but the package is an app: build the "
        "atomic service (app.json5 bundleType atomicService) or upload under an app.",
    ),
    (
        "1011",
        "config",
        "当前软件包非HarmonyOS应用软件包",
        "not a HarmonyOS app package",
        "The package is not a HarmonyOS app (.app of bundleType app): build the app with Build "
        "APP(s) and upload it under the right AGC app.",
    ),
    (
        "1012",
        "config",
        "软件包内HAP包类型不一致",
        "HAP types",
        "The HAPs in the package disagree on their type: build every module for the same app "
        "(bundleType and bundleName in app.json5); " + _CONFIG,
    ),
    (
        "1014",
        "signing",
        "HAP包未签名",
        "the HAP is not signed",
        "The package is unsigned: " + _RELEASE + ".",
    ),
    (
        "1015",
        "config",
        "压缩包格式安全检查失败",
        "security check",
        "The archive failed AGC's security check: do not rename the .app Build APP(s) made, keep "
        "executables (.exe) out of it, check it is whole (rename to .zip and unpack its HAPs), "
        "build it again and upload over a good network (check the proxy).",
    ),
    (
        "1016",
        "config",
        "",
        "shared library",
        _SHARED_LIBRARY,
    ),
    ("1017", "config", "", "", _SHARED_LIBRARY),
    ("1018", "config", "", "", _SHARED_LIBRARY),
    (
        "1019",
        "config",
        "依赖的共享库版本与当前在架共享库版本不匹配",
        "shared library version",
        "The shared library version the app depends on is not the one released: depend on the "
        "released version (or release the needed one first).",
    ),
    (
        "1020",
        "config",
        "非共享库应用上传了共享库应用包",
        "uploaded a shared library package",
        "A shared library package was uploaded under an app that is not a shared library: upload "
        "it under the shared library app in AGC.",
    ),
    (
        "1021",
        "sdk-version",
        "上传的测试包API级别低于10",
        "API level lower than 10",
        "A test package must target API 10 or later: raise compatibleSdkVersion/targetSdkVersion "
        "in build-profile.json5; " + _CONFIG,
    ),
    (
        "1023",
        "config",
        "暂不支持软件包的自定义加密配置",
        "custom encryption",
        "AGC does not accept the package's own encryption configuration: remove it; " + _CONFIG,
    ),
    (
        "1026",
        "config",
        "软件包与App类型不一致",
        "does not match the app type",
        "The package's type (app or atomic service) is not the AGC app's: upload under the right "
        "app or set bundleType in app.json5; " + _CONFIG,
    ),
    (
        "7011",
        "config",
        "缺少shell.apk",
        "shell.apk is missing",
        "The package lacks the shell.apk its release needs: add it; " + _CONFIG,
    ),
    (
        "7012",
        "config",
        "shell.apk读取失败",
        "failed to read shell.apk",
        "shell.apk in the package cannot be read: add a good shell.apk; " + _CONFIG,
    ),
    (
        "7013",
        "config",
        "shell.apk的权限列表超过上限",
        "shell.apk .{0,40}permissions",
        "shell.apk requests more permissions than allowed: reduce them; " + _CONFIG,
    ),
    (
        "7014",
        "signing",
        "软件包内配置的权限与Profile申请的权限不一致",
        "permissions .{0,60}profile",
        "The permissions in module.json5's requestPermissions are not those the profile grants: "
        "remove the ones the profile lacks, or apply for a new release profile with them (ACL "
        "permissions need approval), then " + _RELEASE + ".",
    ),
    (
        "7015",
        "config",
        "",
        "cannot be released",
        "This package may not be listed: check its type and signing in AGC.",
    ),
    (
        "7017",
        "signing",
        "软件包Profile版本不符合要求",
        "profile version",
        "The profile's version is too old: download the profile again from AGC (证书、APP ID和"
        "Profile > Profile), then " + _RELEASE + ".",
    ),
    (
        "7019",
        "signing",
        "",
        "",
        "The shared library's profile lacks the AllowAppShareLibrary permission: apply for it and "
        "for a new profile, then " + _RELEASE + ".",
    ),
    (
        "7020",
        "config",
        "软件包内包含非HSP包",
        "non-HSP",
        "A shared library package may hold only HSPs: remove the other modules; " + _CONFIG,
    ),
    (
        "7021",
        "config",
        "",
        "",
        "AGC failed on a string it does not support (an emoji in a name or resource): remove it; "
        + _CONFIG,
    ),
    (
        "7022",
        "signing",
        "",
        "",
        "An In-house app may not be listed on AppGallery: " + _RELEASE + ".",
    ),
    (
        "7023",
        "signing",
        "",
        "",
        "An enterprise MDM app may not be listed on AppGallery: " + _RELEASE + ".",
    ),
    (
        "7024",
        "signing",
        "",
        "",
        "An enterprise app may not be listed on AppGallery: " + _RELEASE + ".",
    ),
    (
        "7025",
        "signing",
        "",
        "",
        "The package was signed with an internal-test profile, which is not for AppGallery: "
        + _RELEASE
        + ".",
    ),
    (
        "7031",
        "sdk-version",
        "当前应用的目标SDK版本低于平台推荐版本",
        "target SDK version",
        "targetSdkVersion is below the version AGC recommends: raise targetSdkVersion in "
        "build-profile.json5 and build with a current SDK; " + _CONFIG,
    ),
    (
        "9999",
        "config",
        "元服务API调用检测失败",
        "API call check",
        "The atomic service calls APIs atomic services may not use: replace them (see the atomic "
        "service API list); " + _CONFIG,
    ),
    (
        "205389875",
        "signing",
        "上传的CSR文件无效",
        "the uploaded CSR file is invalid",
        "The CSR is not valid: generate it again in DevEco Studio (Build > Generate Key and CSR) "
        "and upload the new .csr.",
    ),
)
# the page's messages shared by several codes, or too generic to decide alone: the code decides
SHARED_MESSAGES = {
    "4": "未知异常导致软件包解析失败",
    "996": "未知异常导致软件包解析失败",
    "994": "软件包不存在",
    "1016": "依赖的共享库包名不存在",
    "1017": "依赖的共享库包名不存在",
    "1018": "依赖的共享库包名不存在",
    "7015": "软件包不支持上架",
    "7019": "Profile非法",
    "7021": "系统异常",
    "7022": "当前软件包不支持上架到应用市场",
    "7023": "当前软件包不支持上架到应用市场",
    "7024": "当前软件包不支持上架到应用市场",
    "7025": "当前软件包不支持上架到应用市场",
}


def _text(message: str) -> str:
    """A message of the page as a pattern: its comma in either width, spaces optional."""
    return re.escape(message).replace("，", "[，,]\\s*")


def _signature(code: str, kind: FindingKind, zh: str, en: str, fix: str) -> Signature:
    said = _text(zh or SHARED_MESSAGES[code])
    with_code = rf"(?<![\d.]){code}\s*[，,:：、]\s*(?:{said}" + (f"|{en})" if en else ")")
    alone = (said,) if zh else ()
    return Signature(
        kind,
        (with_code, *alone),
        f"AppGallery Connect {code} ({zh or SHARED_MESSAGES[code]}): {fix}",
        code=code,
        meaning=f"AppGallery Connect rejected the package: {zh or SHARED_MESSAGES[code]}",
        terms=(
            "AppGallery Connect",
            "软件包",
            code,
            "Profile" if kind == "signing" else "app.json5",
        ),
    )


AGC_PACKAGE_SIGNATURES: tuple[Signature, ...] = (
    *(_signature(*row) for row in PACKAGE_CODES),
    # faqs-appgallery-86: no code, "软件包解析失败，请联系客服处理"
    Signature(
        "config",
        (r"软件包解析失败[，,]\s*请联系客服处理",),
        "AGC could not parse the package: a resource file's name holds one of /*?|\"<> or is "
        "longer than 100 characters; rename or remove it, Build APP(s) again and upload the new "
        ".app.",
        meaning="AppGallery Connect could not parse the package",
        terms=("AppGallery Connect", "软件包", "资源文件"),
    ),
)
