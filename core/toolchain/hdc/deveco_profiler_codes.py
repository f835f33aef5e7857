"""DevEco Profiler's documented errors (007xxxxx: its "错误码" page,
https://developer.huawei.com/consumer/cn/doc/harmonyos-guides/ide-profiler-errorcode): launching
the app to record (00701xxx), importing, recording and exporting data (00702xxx), parsing a
recording and going to the source (00703xxx). Data only, in :mod:`.deveco_debug_codes`'s layout:
:data:`hmdesk.core.toolchain.build_codes.BUILD_CODES` takes every code, read as DevEco's run/debug
codes are (the code where it is printed, ``Error code: 00701101`` or before its title; its message
where the Profiler shows it without the code).

Kinds: the device or its screen lock when the app cannot be launched (``device``, ``locked``), the
Profiler itself and the files it imports or writes (``tool``, ``permission``, ``long-path``), the
native libraries' symbols (``native``). A generic message ("Source file not found.", "Failed to
stop the session.", "Invalid files: {0}.") has none: its code alone decides.
"""

from __future__ import annotations

from hmdesk.core.toolchain.hvigor_codes import HvigorCode, read_codes

_SHARED_STEPS = {
    "%RECONNECT%": (
        "The device disconnected while the Profiler launched the app: reconnect it and record "
        "again."
    ),
    "%VERSION%": (
        "The data file was exported by a newer DevEco Studio: import it with the version that "
        "exported it or a later one."
    ),
    "%PROJECT%": (
        "The recorded app and the project open in this DevEco Studio window do not match: open "
        "the project the recorded app was built from (and build it again), then go to the "
        "source."
    ),
}

_TABLE = r"""
# launching the app to record (00701xxx)
00701101 device | the Profiler could not launch the app | Failed to start this app\. If the app is of the release type
    %RECONNECT%
00701102 device | the app did not start while recording its launch | App not started correctly\. Start a new session
    %RECONNECT%
00701202 tool | a data file could not be imported | Failed to import data file\. Please check file version
    %VERSION% Free disk space, and raise DevEco Studio's max heap size (File > Settings > Appearance & Behavior > System Settings > Memory Settings, 4096 MB or more).
# importing, recording and exporting (00702xxx)
00702101 native | the offline symbols do not match the recorded libraries | Failed to import offline symbols\. Verify the offline symbol files
    Import the unstripped .so files (with their symbol tables) of the very build that was recorded.
00702102 tool | the imported file is over the size limit | The imported file exceeds maximum size limit
    Import a file within the Profiler's size limit (record a shorter session).
00702103 tool | an imported .jsleaklist file is malformed
    Import a well-formed .jsleaklist file.
00702104 tool | the .jsleaklist does not match the .heapsnapshot or .rawheap
    Import the .jsleaklist file made with the imported .heapsnapshot or .rawheap file.
00702106 tool | CodeGenie's sign-in has expired
    Sign in to CodeGenie again.
00702201 native | the imported libraries carry no symbols | Failed to import offline symbols\.(?! Verify)
    Import .so files that keep their symbol tables (unstripped, from the build's intermediates), not the stripped ones packed in the HAP.
00702203 launch | no running app is selected for recording | Since no Running Application is selected, recording cannot be started
    Start the app, select it under Running Application, then start recording.
00702204 tool | the lane to go to is not in this recording | The corresponding slice is not available in the current view
    Record again with the lane to go to included in the recording.
00702205 tool | the Profiler holds its most sessions | Maximum number of sessions reached\. Delete some sessions
    Delete some sessions, then create the new one.
00702206 tool | the data file has a lane this DevEco Studio does not know | The lane does not exist\. Please upgrade the DevEco Studio
    %VERSION%
00702208 locked | the screen is locked, so the app cannot be launched to record
    Unlock the device (a lock password keeps the Launch template from starting the app) and record again.
00702209 tool | .heapsnapshot and .rawheap files imported together | The \.heapsnapshot and \.rawheap files cannot be imported at the same time
    Import the .heapsnapshot files and the .rawheap files separately.
00702210 permission | the export folder is not writable | The selected directory has no permissions
    Export into a folder this user may write to.
00702211 tool | too many files imported at once | Only a single \.insight/
    Import one .insight/.ftrace/.htrace/.nas/.txt/.perfdata/.data/.sys file, or 1-10 .heapsnapshot/.jsleaklist/.rawheap files.
00702212 tool | the export file name has a character Windows forbids | Make sure the file name does not contain the following characters
    Name the exported file without * : ? " < > |.
00702213 long-path | the export file name is over 238 characters | Make sure that the file name does not exceed 238 characters
    Give the exported file a name of 238 characters or fewer.
00702214 tool | the save path does not exist | Invalid save path:
    Save into a folder that exists.
# parsing and going to the source (00703xxx)
00703201 tool | the recording is too large to parse | The recording file is too large and cannot be parsed
    Record again for a shorter time.
00703202 tool | the Profiler ran out of its memory | The memory allocated to Profiler has reached the upper limit
    Raise DevEco Studio's maximum heap (-Xmx in its .vmoptions file, or Settings > Memory Settings) and restart it.
00703203 tool | the SourceMap is missing or does not match the recording | Unable to navigate to source code\. Make sure the SourceMap file exists
    Check that the module's SourceMap file exists and belongs to the recorded build: %PROJECT%
00703204 tool | the SymbolTable does not match the recording | Unable to navigate to source code\. Make sure the SymbolTable file exists
    %PROJECT%
00703205 tool | the source file to go to does not exist
    %PROJECT%
00703301 tool | the recording could not be stopped
    Let this recording end, then record again.
"""

DEVECO_PROFILER_CODES: dict[str, HvigorCode] = read_codes(_TABLE, _SHARED_STEPS)
