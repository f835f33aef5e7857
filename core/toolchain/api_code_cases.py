"""A documented API error code's finer cases, told apart by the kit's own log words beside it.

An error-code page (and the kit's FAQ for the code) gives one cause and one solution per code,
then often a case by case account ("典型场景", "处理步骤") keyed by what the kit itself logs
next to the code: AVPlayer's 5400106 with ``unsupport video source type`` is a video track it
cannot decode (a resolution outside its list), not a container format; 5400102 with ``failed to
SetSourceFd`` is an fd that was no longer open when it was handed over. :func:`case_for` gives
the case a text fits, which :func:`.api_error_codes.lookup` puts before the page's general cause
and solution. Each row reads words the kit prints for every app, never an app's own wording.
"""

from __future__ import annotations

import re
from typing import NamedTuple


class Case(NamedTuple):
    code: str
    words: re.Pattern[str]  # the kit's own log words that tell the case
    cause: str
    solution: str


# the media library's refusal: its permissions are restricted ones (the photo access guides)
MEDIA_LIBRARY_PERMISSION_FIX = (
    "Pick and save without the permissions: PhotoViewPicker to let the user choose, SaveButton "
    "or showAssetsCreationDialog to save. Reading or writing the gallery itself needs "
    "ohos.permission.READ_IMAGEVIDEO / WRITE_IMAGEVIDEO, restricted permissions a normal app "
    "gets only after applying for them in AppGallery Connect (ACL, its signing profile); "
    "declare them in module.json5 and ask the user with requestPermissionsFromUser."
)


def _case(code: str, words: str, cause: str, solution: str) -> Case:
    return Case(code, re.compile(words, re.I), cause, solution)


CASES: tuple[Case, ...] = (
    # Media Kit's FAQ on 5400106 (faqs-media-45): the player's own errorMsg tells which track
    # it could not take
    _case(
        "5400106",
        r"unsupport(?:ed)? video source type",
        "the video track cannot be decoded on this device: most often its resolution is not one "
        "AVPlayer supports (4K, 1080P, 720P, 480P, 270P), or its codec profile",
        "Check the source's resolution and codec (ffprobe or MediaInfo) and on the device "
        "whether the decoder takes that video size (OH_AVCapability_IsVideoSizeSupported); "
        "transcode the media to a supported resolution or pick a resource that has one.",
    ),
    _case(
        "5400106",
        r"unsupport(?:ed)? audio source type",
        "the audio track cannot be decoded on this device (its codec or sample format)",
        "Check the source's audio codec (ffprobe or MediaInfo) against Media Kit's supported "
        "formats and transcode the audio track.",
    ),
    # Media Kit's FAQ on 5400102 (faqs-media-47): the fd handed to the player was closed
    _case(
        "5400102",
        r"failed to SetSource ?Fd",
        "the player was given a file descriptor that is no longer open: the file was closed "
        "(fileIo.close in a finally block, a closed rawfd) before or while the player read it",
        "Keep the file open, opened readable, for the whole playback (avPlayer.url = "
        "`fd://${file.fd}` or fdSrc) and close it only after the player is released.",
    ),
    # AVPlayer's and AVRecorder's own errorMsg for 5400102 when a call comes in the wrong state
    # (``current state is not idle, unsupport set source fd``)
    _case(
        "5400102",
        r"current state is not \w+|unsupport[^\n]{0,60}?\b(?:in|at) (?:the )?current state",
        "the player or recorder was called in a state that does not allow the call (the message "
        "names the state it needs)",
        "Follow the state machine: set url/fdSrc only in idle (reset() first to reuse a player), "
        "prepare() once initialized, play()/pause()/seek() once prepared; call the next method "
        "from the stateChange callback of the state it needs, not right after the previous "
        "call.",
    ),
    # Camera Kit's FAQ on 7400201 (faqs-camera-26): preconfig() with a combination the device
    # does not support in this mode
    _case(
        "7400201",
        r"Preconfig ?Profile|IsPreconfigProfilesLegal|\bpreconfig\b",
        "preconfig() was called with a PreconfigType/PreconfigRatio combination this camera "
        "does not support in the session's mode (the camera log names the profile it rejected)",
        "Ask the session first: call canPreconfig(PreconfigType, PreconfigRatio) and call "
        "preconfig() only when it returns true; otherwise pick another combination or configure "
        "the outputs' profiles yourself.",
    ),
    # Audio Kit's FAQ on a capturer that fails to be created (faqs-audio-58): the audio
    # framework logs ``Capturer Create failed`` / ``failed to CreateAudioCapturerNativeObject``
    # and the call rejects with 6800301, "system error", when the microphone was not granted
    _case(
        "6800301",
        r"CreateAudioCapturer|Capturer Create failed",
        "the audio capturer could not be created: most often the app does not hold the "
        "microphone permission (not declared, not requested, or refused by the user)",
        "Declare ohos.permission.MICROPHONE in module.json5 (requestPermissions, with a "
        "reason), request it from the user at run time "
        "(abilityAccessCtrl.requestPermissionsFromUser) and create the capturer only once it is "
        "granted; start recording in the foreground.",
    ),
    # the preferences FAQ on its 401 (faqs-local-database-management-31): put() with a value
    # it does not take, told by the preferences module's own message
    _case(
        "401",
        r"The type of '?value'? must be ValueType",
        "the value given to Preferences put()/putSync() is not one it takes: a string longer "
        "than 8192 bytes or not UTF-8, a type that is not a ValueType (number, string, boolean, "
        "their arrays, Uint8Array, object, bigint), or a missing value",
        "Check the value first: a string must be UTF-8 and at most 8192 bytes (it may be "
        "empty), of a ValueType type; store a large or structured value elsewhere (a file, an "
        "RDB store) and pass every mandatory parameter.",
    ),
    # the network kit's HTTP codes are libcurl's (2300000 + CURLcode; the page names each one's
    # log keyword ``HttpClient CURLcode result N``): 56 is CURLE_RECV_ERROR, which libcurl also
    # gives a body whose framing it cannot read (its chunked decoder's "Problem in the
    # Chunked-Encoded data")
    _case(
        "2300056",
        r"CURLcode result 56|receiv\w* (?:network )?data from the peer",
        "the response stopped arriving or could not be read as framed (libcurl's "
        "CURLE_RECV_ERROR): the server or a proxy reset or closed the connection mid-response, "
        "or the body does not match its framing headers (a chunked Transfer-Encoding body that "
        "is malformed or not what the exchange declared, a Content-Length the body does not "
        "meet)",
        "If a packet capture shows the server answered, compare the response's "
        "Transfer-Encoding and Content-Length headers with its body: for a chunked exchange "
        "declare it in the request's header ('transfer-encoding': 'chunked' in "
        "HttpRequestOptions.header) or have the server send a Content-Length; otherwise check "
        "the connection (a proxy, a custom DNS rule: connection.removeCustomDnsRule).",
    ),
    # 58 is CURLE_SSL_CERTPROBLEM: the client's own certificate (HttpRequestOptions.clientCert)
    # could not be used; the TLS library is strict about its format (ArkUI-X's FAQ Dev-faq-16: a
    # P12 certificate refused, the same one as PEM taken)
    _case(
        "2300058",
        r"CURLcode result 58|Problem with the local SSL certificate",
        "the client certificate the request presents (clientCert) could not be loaded: its "
        "format or type does not match certType (a P12 / PKCS#12 file is often refused), its key "
        "does not match it, or the key's password is wrong (libcurl's CURLE_SSL_CERTPROBLEM)",
        "Convert the certificate and its key to PEM (openssl pkcs12 -in c.p12 -clcerts -nokeys "
        "-out cert.pem; openssl pkcs12 -in c.p12 -nocerts -nodes -out key.pem) and pass "
        "clientCert { certPath, keyPath, certType: http.CertType.PEM, keyPassword }; check that "
        "the files are in the app's sandbox and that the key belongs to the certificate.",
    ),
    # the access control guides (declaring permissions, requesting user authorization): the
    # universal 201 as the system words it, whichever API refused
    _case(
        "201",
        r"Permission (?:denied|verification failed)",
        "the app does not hold the permission the API needs: it is not declared in the "
        "module's module.json5 (requestPermissions), or it is a user_grant permission the user "
        "has not granted (or was never asked for)",
        "Find the permission in the API's reference, declare it under requestPermissions in "
        "module.json5 (with reason and usedScene for a user_grant one), and before the call ask "
        "the user with abilityAccessCtrl's atManager.requestPermissionsFromUser (check it first "
        "with checkAccessToken).",
    ),
    # the network kit's FAQ on 2300023: the HTTP request holds the whole body in memory, up to
    # 5 MB; a larger download is to be streamed
    _case(
        "2300023",
        r"Failed (?:to )?writ(?:e|ing) (?:the )?received data",
        "the response is larger than request() takes (5 MB), the target file cannot be written "
        "(read-only, no permission), or the request was destroyed before its data arrived",
        "Download a large response with httpRequest.requestInStream (its dataReceive events, "
        "written to the file as they come) or with request.agent's download task, write into "
        "the app's sandbox (context.filesDir, cacheDir), and destroy the request only after "
        "dataEnd.",
    ),
    # the bundle manager's 17700018 (bm's 9568xxx twin): an HSP, or an inter-app shared
    # library (HSP) the device should already hold, is missing
    _case(
        "17700018",
        r"dependent module does not exist",
        "a module the package depends on is not on the device: an HSP of the app that was not "
        "installed with it, or an inter-app shared library (a shared HSP such as a framework's "
        "runtime) the device does not hold",
        "Install the app's HSPs together with the HAP (hdc install entry.hap feature.hsp, or "
        "DevEco's Deploy Multi Hap), and list the shared libraries the device holds with hdc "
        "shell bm dump-shared -a; a shared runtime missing there is installed by its provider.",
    ),
    _case(
        "13900012",
        r"without medialibrary permission",
        "the media library refused the app: it does not hold READ_IMAGEVIDEO / WRITE_IMAGEVIDEO",
        MEDIA_LIBRARY_PERMISSION_FIX,
    ),
    # Camera Kit's FAQ on the preview's rotation: asked of a preview output whose session is
    # not configured yet (``GetPreviewOutputRotation error!, session is nullptr``)
    _case(
        "7400201",
        r"PreviewRotation|PreviewOutputRotation",
        "the preview output's rotation was asked for before its capture session was configured: "
        "commitConfig() had not finished, so the output has no session yet",
        "Call getPreviewRotation / setPreviewRotation only after `await session.commitConfig()` "
        "has resolved (and before the session is released).",
    ),
    # ArkUI's window error-code page, 1300002's typical case: the window is being destroyed
    _case(
        "1300002",
        r"getLastWindow",
        "getLastWindow() ran while the window stage was being destroyed (onWindowStageDestroy, "
        "aboutToDisappear, onDestroy, or an async task finishing after them), or the window "
        "never loaded a page",
        "Load the page with loadContent() in onWindowStageCreate, and do not call "
        "getLastWindow() in onWindowStageDestroy/aboutToDisappear/onDestroy or in tasks that "
        "may finish after them: only release resources there.",
    ),
    # Localization Kit's resource manager page and its FAQ (faqs-package-structure-18): an id
    # asked of a resource manager by id (``resourceManager.getStringSync(id)``,
    # ``getMediaContent($r(…).id)``) that is not among that module's resources
    _case(
        "9001001",
        r"resourceManager\.get\w+\(|\bget(?:String|Media|Color|Number|Boolean|Plural\w*)\w*"
        r"(?:Sync)?\(\s*(?:\$r\([^)]*\)\.)?(?:\w+\.)?(?:res)?id\b",
        "the id was asked of a resource manager that does not hold it: a resource of another "
        "module (an HSP, a HAP, a HAR built obfuscated or as bytecode) looked up by its id in "
        "the calling module's resourceManager",
        "Look the resource up by name in the module that holds it: create that module's context "
        "(context.createModuleContext(moduleName); for an HSP, "
        "application.createModuleContext(context, moduleName)) and call its "
        "resourceManager.getStringByNameSync(name) (getStringByName, getMediaByName, …); "
        "otherwise check that the id exists in the module whose resourceManager is asked.",
    ),
)

_BY_CODE: dict[str, tuple[Case, ...]] = {}
for _c in CASES:
    _BY_CODE[_c.code] = (*_BY_CODE.get(_c.code, ()), _c)


def case_for(code: str, text: str) -> Case | None:
    """The first case of ``code`` whose words ``text`` carries."""
    return next((c for c in _BY_CODE.get(code, ()) if c.words.search(text)), None)
