"""The signature tool's error codes, as DevEco's SignHap prints them (``ERROR: 11013002 …``):
every code of the "Signature Tool Error Codes" page (security/hapsigntool-errorcode.md), with the
tool's message as the meaning and its handling procedure as the fix. Data only:
:data:`hmdesk.core.toolchain.build_codes.BUILD_CODES` takes every row.

DevEco's signingConfigs name the tool's inputs: storeFile = -keystoreFile, storePassword =
-keystorePwd, keyAlias, keyPassword = -keyPwd, certpath = -appCertFile, profile = -profileFile,
signAlg. The tool's own ``NAME, code: N`` lines are read by :mod:`.signing_tool_errors`.
"""

from __future__ import annotations


def _sign(meaning: str, fix: str, says: str = "") -> tuple[str, str, str, str]:
    """A row: the finding's kind (signing), the meaning, the fix and the message's regex."""
    return ("signing", meaning, fix, says)


# (kind, meaning, fix, the message's regex for a log that prints it without the code: a line that
# is the message alone, since hap-sign-tool's own ``NAME, code: N. Details: <message>`` line, read by
# :mod:`.signing_tool_errors`, says more)
SIGNING_CODES: dict[str, tuple[str, str, str, str]] = {
    "11010001": _sign(
        "Unknown error",
        "An internal error of the signature tool: read the tool's own lines above the code (and "
        "the package it signed) for the cause; with 'uint32 value out of range: …' the package "
        "is over 4 GB: make it smaller and pack and sign it again. {message}",
    ),
    "11011001": _sign(
        "Unsupported command method",
        "The signing command has a parameter the tool does not support: check the command line "
        "against the hapsigner guide.",
    ),
    "11011002": _sign(
        "param is incorrect",
        "A signing parameter is wrong: an enum value out of its range, or the -inFile file does "
        "not exist or cannot be read. Check the parameters against the hapsigner guide and that "
        "the input file is readable. {message}",
    ),
    "11011003": _sign(
        "Check param num failed",
        "The signing command has more or fewer parameters than it needs: check it against the "
        "hapsigner guide.",
    ),
    "11011004": _sign(
        "Check param failed (an empty parameter)",
        "A signing parameter's value is an empty string (an empty signingConfigs field): fill it "
        "in. {message}",
    ),
    "11011005": _sign(
        "Param is not trusted",
        "The signing command has a parameter name the tool does not accept for that command: use "
        "the names `java -jar hap-sign-tool.jar -h` lists (verify-app takes -inFile, "
        "-outCertChain and -outProfile; generate-csr -outFile), as the hapsigner guide writes "
        "them.",
        says=r"\bParam is not trusted\b",
    ),
    "11011006": _sign(
        "Param {-key value} must in pairs",
        "A parameter name has no value (the last one, or text pasted in between): give every "
        "-name its value.",
    ),
    "11011007": _sign(
        "Param is duplicated",
        "A parameter is given twice in the signing command: keep one.",
    ),
    "11011008": _sign(
        "Check param failed (a mandatory parameter missing)",
        "A mandatory signing parameter (inFile, keyAlias …) is missing: add it (in DevEco, "
        "complete signingConfigs in build-profile.json5).",
    ),
    "11012001": _sign(
        "Load remote sign plugin failed",
        "mode remoteSign is a reserved mode the tool does not support: sign with -mode localSign.",
    ),
    "11012002": _sign(
        "File not exist",
        "A file the signing reads does not exist: the -inFile package, the -appCertFile "
        "certificate (certpath) or the -profileFile profile (.p7b): check each path. {message}",
    ),
    "11012003": _sign(
        "Write file failed",
        "The signed package cannot be written: give the user write permission on the -outFile "
        "path (a folder that exists, a file no other program holds open).",
    ),
    "11012004": _sign(
        "Read file failed",
        "The -profileFile profile does not exist or cannot be read: check its path and its "
        "read permission.",
    ),
    "11012005": _sign(
        "Not support file",
        "A signing file has an extension the tool does not take: a signed profile is .p7b, an "
        "unsigned one .json, a certificate (chain) .cer, a keystore .p12 or .jks. {message}",
    ),
    "11012006": _sign(
        "File IO failed",
        "A signing file cannot be read or written: check that the -inFile, -keystoreFile "
        "(storeFile), -profileFile and -appCertFile (certpath) files exist and are readable, and "
        "that -outFile is writable. {message}",
    ),
    "11013001": _sign(
        "Check DN format failed",
        "The -subject or -issuer is not an RFC 2253 name: write it as X=xx, XX=xxx (e.g. C=CN, "
        "O=OpenHarmony, CN=hapsigntool).",
    ),
    "11013002": _sign(
        "Certificate format is incorrect, please check your appCertFile parameter",
        "The certificate chain file (-appCertFile; signingConfigs certpath) is not a standard "
        "X.509 certificate (a .csr or another file given instead of the .cer, or a changed "
        "file), or a certificate in it has expired: give the right .cer, or update it (request "
        "a new one in AppGallery Connect, or let DevEco generate the signature again). {message}",
    ),
    "11013003": _sign(
        "Generate CA failed",
        "For a root CA the -keystoreFile must be the -issuerKeystoreFile and -keystorePwd the "
        "-issuerKeystorePwd: make them the same (the hapsigner guide's generate-ca).",
    ),
    "11013004": _sign(
        "Profile cert must a cert chain",
        "The -appCertFile or -profileCertFile must hold a chain of two or three certificates: "
        "give the chain (generate it with -outForm certChain), not the entity certificate alone.",
    ),
    "11013005": _sign(
        "No such algorithm",
        "signAlg must be SHA256withECDSA or SHA384withECDSA.",
    ),
    "11013006": _sign(
        "Certificate IO failed",
        "The generated certificate cannot be written: give the user write permission on -outFile.",
    ),
    "11013007": _sign(
        "Certificate check failed",
        "The distribution-certificate / development-certificate in the profile has no common "
        "name (CN) in its subject: use a certificate with a CN (request it again).",
    ),
    "11013008": _sign(
        "generate csr failed",
        "The CSR could not be generated (a file read/write error): check the command's files and "
        "the error log.",
    ),
    "11014001": _sign(
        "Key alias not found",
        "The keystore has no key named -keyAlias (signingConfigs keyAlias): use the alias given "
        "when the key pair was generated (`keytool -list -keystore <file>` lists them).",
        says=r"(?m)^[ \t]*Key alias not found\.?[ \t]*$",
    ),
    "11014002": _sign(
        "Key alias is exist",
        "The keystore already holds a key with this -keyAlias: generate the key pair under "
        "another alias.",
        says=r"(?m)^[ \t]*Key alias is exist\.?[ \t]*$",
    ),
    "11014003": _sign(
        "Init keystore failed",
        "The keystore (.p12, signingConfigs storeFile) could not be read: the file does not "
        "exist, its password (storePassword) is wrong, or the JDK that runs the tool is older "
        "than the one that made the keystore (use DevEco's bundled jbr as JAVA_HOME, first on "
        "PATH).",
        says=r"(?m)^[ \t]*Init keystore failed\.?[ \t]*$",
    ),
    "11014004": _sign(
        "Invalid Key",
        "The key's algorithm does not fit signAlg (an RSA key with SHA256withECDSA): use an ECC "
        "key pair for SHA256withECDSA / SHA384withECDSA.",
    ),
    "11014005": _sign(
        "Not support algorithm",
        "signAlg is not one the tool supports or does not fit the key: use SHA256withECDSA or "
        "SHA384withECDSA with an ECC key.",
    ),
    "11014006": _sign(
        "Keystore exception",
        "The keystore file cannot be accessed or read: check the file (storeFile) and the "
        "tool's own error lines.",
    ),
    "11014007": _sign(
        "Key alias password error",
        "The key's password (-keyPwd; signingConfigs keyPassword) is wrong for -keyAlias: give "
        "the password set when the key pair was made.",
        says=r"(?m)^[ \t]*Key alias password error\.?[ \t]*$",
    ),
    "11014008": _sign(
        "No usable cert found",
        "The certificate of the -keyAlias key entry in the keystore has expired: make a new "
        "certificate (or regenerate DevEco's automatic signature).",
        says=r"(?m)^[ \t]*No usable cert found\.?[ \t]*$",
    ),
    "11015001": _sign(
        "Signature failed",
        "Signing or verifying a signature failed: read the tool's lines and the command's "
        "parameters above the code. {message}",
    ),
    "11015002": _sign(
        "Signature not matched",
        "The key that signs the profile does not match its certificate: the -keyAlias key must "
        "be the one of -profileCertFile.",
        says=r"(?m)^[ \t]*Signature not matched\.?[ \t]*$",
    ),
    "11015003": _sign(
        "Verify signature failed",
        "The signature does not verify: the -keyAlias key does not match the -appCertFile "
        "certificate (certpath), or that certificate has expired; use the key and certificate "
        "that belong together, or update the certificate chain.",
        says=r"(?m)^[ \t]*Verify signature failed\.?[ \t]*$",
    ),
    "11015004": _sign(
        "Verify profile failed (content)",
        "The profile's content is not a valid HarmonyAppProvision file: check it against the "
        "HarmonyAppProvision configuration file's structure. {message}",
    ),
    "11015005": _sign(
        "Verify profile failed (integrity), or Profile certificate match failed",
        "The signed profile (.p7b) was changed after it was signed (or damaged in the download): "
        "download it again from AppGallery Connect (or sign the profile again). The tool's "
        "newer wording of this code, 'Profile certificate match failed', means the profile was "
        "requested for another certificate than -appCertFile (certpath): request the profile "
        "choosing that certificate, or sign with the certificate the profile names. {message}",
    ),
    "11017001": _sign(
        "Read zip file failed",
        "The package to sign is not a valid ZIP: it is over 4 GB or holds more than 65,535 "
        "entries; make it smaller (split it, fewer files) and pack it again.",
    ),
    "11017002": _sign(
        "Write zip file failed",
        "The signed package cannot be written: give the user write permission on -outFile.",
    ),
    "11017003": _sign(
        "Alignment zip file failed",
        "The HAP's byte alignment is wrong: build and pack it again, then sign; the tool's log "
        "says more.",
    ),
    "11017004": _sign(
        "Zip format failed",
        "The HAP/HSP/HNP does not follow the ZIP specification (compression, structure): pack "
        "it again and sign it.",
    ),
    "11106001": _sign(
        "Invalid file format",
        "Code signing takes only HAP, HSP and HQF files: sign one of those.",
    ),
    "11110001": _sign(
        "Input stream read error",
        "The file could not be read: retry; if it persists, the package is damaged (pack it "
        "again).",
    ),
    "11111002": _sign(
        "Certificates error",
        "The certificate does not verify: check its format and content, and that keyAlias is "
        "the key of that certificate.",
    ),
    "11112001": _sign(
        "Profile content error",
        "The profile's JSON is wrong: type missing or invalid, bundle-info missing, or "
        "app-identifier not a string of 1-32 characters: fix the profile (or download it again).",
    ),
    "11112002": _sign(
        "module.json content error",
        "module.json is malformed, or an HNP file in the package is not described in it: fix "
        "module.json5 (hnpPackages) and build again.",
    ),
    "11112003": _sign(
        "ELF is incorrect",
        "An ELF file (a .so or binary) in the package has a bad header: rebuild it for "
        "OpenHarmony (the SDK's toolchain) and pack again.",
    ),
    "11112004": _sign(
        "Extract hnp file error",
        "An HNP native package cannot be extracted: pack the HNP again, then sign again.",
    ),
    "11113001": _sign(
        "Invalid algorithm",
        "The Java that runs the tool lacks the digest algorithm (SHA-256/SHA-512): run it with "
        "Java 8 or later (DevEco's bundled jbr).",
    ),
    "11114001": _sign(
        "Code sign internal error",
        "An internal error of code signing: the tool's log and the package say why; sign again "
        "with a current DevEco Studio / hap-sign-tool.",
    ),
}
