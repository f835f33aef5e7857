"""The system's resource-leak logs: what leaks, its top holder, and the fix.

HiviewDFX's leak detector (LeakDetector) samples each app process and, past a threshold, writes a
log and reports the leak (the process is then killed): the Resource Leak guide
(harmonyos-guides/resource-leak-guidelines) gives each log's layout, the stability best practices
(bpta-stability-leak-way, bpta-stability-leak-opt) how to read it and what to change, the
stability FAQ (faq-stability-18) a thread leak read end to end. The layouts read here:

* thread leak (``[pid]_thread_leak.txt``, over 700 threads): ``summary: 879``, ``Top 10 Thread
  Name:`` with ``913 process1`` rows (hidumper's ``Thread num:`` / ``Top 10 Thread Names:``),
  then each thread's stack after ``Tid:1527, Name:xxx``;
* fd leak (``[pid]_fd_leak.txt``, over 5000 fds): ``leaked fd nums: 5111`` (hidumper's ``fd
  num:``), ``Leaked fd Top 10:`` rows ``4796    ashmem`` (a type or a path), ``Dir Type Top 10:``
  (``Top Dir Type 10:``, ``Top Dir 10:``) rows by directory, and FdTrack's
  ``LOGGER_MEMCHECK_FD_STACK_INFO`` rows ``num 8272 bt [/system/lib64/…so+0x1fb58] …``;
* ION/DMA-BUF memory (``memleak-kernel-[module]-0-[timestamp].txt``): ``MM_DMABUF_INFO`` (or
  ``Process dma_heap info:``) rows with ``size_bytes`` (``size``), ``buf_name`` and, from
  HarmonyOS 6.0.0, ``leak_type`` (``pixelmap``, ``xc-s-…``, ``web-…``, ``hw-video-decoder``,
  ``external``);
* ashmem: ``Process ashmem detail info:`` (``ASHMEM_PROCESS_INFO``) rows with ``Ashmem_name`` and
  ``Size`` (``Physical_size``);
* GPU memory: ``ctx_235 63531 61358 used summary:1079209984 …`` per context, the process's name
  on the next line, and ``C: vulkan image (Total memory: 1027194880)`` per kind;
* native (PSS) memory (``memleak-native-[process]-[pid]-sample.txt`` / ``-smaps.txt``):
  ``SoftThreshold: 3500(KB)`` with the sampled ``TotalMem`` table, and
  ``LOGGER_MEMCHECK_SMAPS_INFO``'s rows, summed by the guide's kinds (``ArkTS`` heap,
  ``jemalloc`` heap, ``/dev/ashmem``, ``[anon]``).

Each reader takes the text and answers a :class:`~hmdesk.core.toolchain.hilog.says.Said` of kind
``crash`` (the detector kills the leaking app), its code the guide's leak type (``THREAD_LEAK``,
``FD_LEAK``, ``ION_LEAK``, ``ASHMEM_LEAK``, ``KERNEL_MEMORY``, ``PSS_MEMORY``), or None. HiAppEvent's
``RESOURCE_OVERLIMIT`` event (the same leaks subscribed to by the app) is read with the runtime's
messages, not here.
"""

from __future__ import annotations

import re
from collections import Counter

from hmdesk.core.toolchain.crash.frames import parse_frame
from hmdesk.core.toolchain.crash.location import where
from hmdesk.core.toolchain.crash.memory_leaks import (
    GPU_FIX,
    KERNEL_FIX,
    LINE_NUMBER,
    PIXELMAP_FIX,
    line_of,
    memory_leak,
    pss_fix,
)
from hmdesk.core.toolchain.crash.model import CPP, Crash, Frame
from hmdesk.core.toolchain.hilog.says import Said

_N = LINE_NUMBER
_ROW = re.compile(_N + r"(\d+)[ \t]+(\S[^\n]*?)[ \t]*$")


# the rows of a table a page printed on one line (its line breaks lost): ``Top 10 Thread Name:
# 913    process1 3    gpu-work-client …``, up to the next table's title
_JOINED_ROW = re.compile(r"(?<!\S)(\d+)\s+([^\s\d][^\s]*)")
_NEXT_TABLE = re.compile(r"\b(?:Dir Type Top|Top Dir|Top \d+|LOGGER_|Tid:|tid\s)|[=*]{5}")


# the counts from which hidumper's dump of a process (``Thread num:``, ``fd num:``, no leak
# detector's header) reads as a leak: the detector's thread limit, and the lowest fd limit the
# guide advises setting (bpta-stability-file-handle-detection: not below 1000)
_THREADS = 700
_FDS = 1000


def _rows(text: str, start: int) -> list[tuple[int, str]]:
    """The ``count  name`` rows right after the title line at ``start`` (blank lines and a
    ``***`` rule skipped), until a line that is no such row; on the title's own line when the
    table was joined onto it."""
    end = text.find("\n", start)
    title = text[start : end if end >= 0 else len(text)]
    after = title.split(":", 1)[1] if ":" in title else ""
    if re.search(r"\d", after):
        after = _NEXT_TABLE.split(after, maxsplit=1)[0]
        return [(int(c), n) for c, n in _JOINED_ROW.findall(after)]
    rows: list[tuple[int, str]] = []
    for line in text[start:].splitlines()[1:]:
        bare = re.sub(_N, "", line)
        if not bare.strip() or set(bare.strip()) <= {"*", "=", "-"}:
            if rows:
                break
            continue
        m = _ROW.match(line)
        if m is None:
            break
        rows.append((int(m.group(1)), m.group(2).strip()))
    return rows


def _number(pattern: str, text: str) -> int | None:
    m = re.search(r"(?<![\w-])" + pattern + r"[ \t]*[:：][ \t]*(\d+)", text, re.M | re.I)
    return int(m.group(1)) if m else None


# ----------------------------------------------------------------------------- thread leak

_THREAD_TOP = re.compile(r"(?<![\w-])Top \d+ Thread Names?[ \t]*:", re.I)
_THREAD_HEAD = re.compile(r"^[ \t]*(?:\d{1,4}\.[ \t]*)?Tid:\s*\d+,\s*Name:\s*(.*)$", re.M)
# a thread waiting (a condition variable, a lock, a sleep): it never ends by itself
_WAITING = re.compile(
    r"pthread_cond_(?:timed)?wait|__timedwait|condition_variable|unique_lock|mutex_lock"
    r"|futex_wait|\bsem_wait|nanosleep|epoll_wait|\bpoll\b",
    re.I,
)
_THREAD_FIX = (
    "Control the threads' lifetime: call pthread_join or pthread_detach for every thread "
    "pthread_create starts (std::thread: join() or detach()) so its resources are reclaimed; "
    "run short tasks on a thread pool (TaskPool, FFRT, one fixed-size pool reused) instead of "
    "a new thread per task, and shrink the pool so few threads exist at once; name each thread "
    "when it is created (pthread_setname_np): a thread without a name takes the process's, so "
    "hundreds of leaked threads show as the app's own name."
)
_WAITING_FIX = (
    " The leaked threads are all waiting (on a lock or a condition variable): they never wake "
    "to end, so make sure every wait is woken (notify the condition, stop the pool when its "
    "owner is destroyed) and every lock is released, on early-return and error branches too "
    "(std::lock_guard / std::unique_lock release it for you)."
)


# threads a kit starts for the app, by their name: the network kit's per HTTP client (the
# leak cases of bpta-scenario-stability-leak: ``309  network``, ``309  Network File Th``)
_NETWORK_THREADS = re.compile(r"^(?:network|Network File Th\w*|OS_NET_\w+|\w*Http\w*)$", re.I)
_NETWORK_FIX = (
    "The leaked threads are the network kit's: each HTTP client/request the app creates starts "
    "its own, and they end only when it is released: call httpRequest.destroy() after each "
    "request completes (on failure and retry paths too, e.g. reconnecting after the network "
    "drops), reuse one client rather than one per request, and release a client explicitly "
    "(HttpClient.releaseHttpClient() once getRequestSize() says no request is pending). "
)


def thread_leak(text: str) -> Said | None:
    m_top = _THREAD_TOP.search(text)
    if m_top is None:
        return None
    rows = _rows(text, m_top.start())
    total = _number(r"(?:summary|Thread num)", text)
    if not rows and total is None:
        return None
    if _number("summary", text) is None and (total or 0) < _THREADS:
        return None  # hidumper's dump of a process's threads, no leak in it
    process = _process(text)
    top = rows[0] if rows else None
    stacks = _thread_stacks(text)
    creators = [c for c in (_creator(frames) for frames in stacks) if c is not None]
    location = None
    held = ""
    if creators:
        own = [c for c in creators if not c[1]]
        if own:
            location = own[0][0]
        else:
            lib, _ = Counter(_library(c[0]) for c in creators).most_common(1)[0]
            location = next(c[0] for c in creators if _library(c[0]) == lib)
        libs = Counter(_library(c[0]) for c in creators)
        held = f"; the threads' stacks run in {', '.join(lib for lib, _ in libs.most_common(3))}"
    waiting = bool(stacks) and all(_WAITING.search(" ".join(f.raw for f in s[:4])) for s in stacks)
    count = f"{total} threads" if total is not None else "too many threads"
    named = ""
    if top is not None:
        same = process is not None and top[1].strip() == process
        named = f"; most are “{top[1]}” ({top[0]})" + (
            " — the process's own name: threads created without a name" if same else ""
        )
    return Said(
        kind="crash",
        meaning=(
            f"Thread leak (THREAD_LEAK): the process had {count} (the leak detector's limit is "
            f"700; it reports the leak and kills the app){named}{held}: threads are created and "
            "never end"
        ),
        fix=(_NETWORK_FIX if top and _NETWORK_THREADS.match(top[1]) else "")
        + _THREAD_FIX
        + (_WAITING_FIX if waiting else ""),
        evidence=line_of(text, m_top.start() if top is None else _find_row(text, top))
        or f"summary: {total}",
        location=location,
        terms=("thread leak", "THREAD_LEAK", "线程泄漏", "pthread_create", "thread pool"),
        code="THREAD_LEAK",
    )


def _process(text: str) -> str | None:
    m = re.search(r"(?<![\w-])(?:process|Process name|processName)[ \t]*:[ \t]*(\S+)", text)
    return m.group(1) if m else None


def _thread_stacks(text: str) -> list[list[Frame]]:
    stacks: list[list[Frame]] = []
    heads = list(_THREAD_HEAD.finditer(text))
    for i, h in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else len(text)
        frames = [
            f
            for f in (parse_frame(re.sub(_N, "", ln)) for ln in text[h.end() : end].splitlines())
            if f is not None
        ]
        if frames:
            stacks.append(frames)
    return stacks


def _creator(frames: list[Frame]) -> tuple[str, bool] | None:
    """The place a thread's stack names (the app's first frame, else the first library past the
    C library's plumbing) and whether it is the system's code."""
    location, _ = where(Crash(type=CPP, frames=frames))
    if location is None:
        return None
    return location, location.startswith(("/system/", "/vendor/", "/lib/", "/lib64/"))


def _library(location: str) -> str:
    return location.split("(", 1)[0].rsplit("/", 1)[-1]


def _find_row(text: str, row: tuple[int, str]) -> int:
    m = re.search(rf"^[^\n]*\b{row[0]}[ \t]+{re.escape(row[1])}", text, re.M)
    return m.start() if m else 0


# ----------------------------------------------------------------------------- fd leak

_FD_TOP = re.compile(r"(?<![\w-])Leaked fd Top \d+[ \t]*:", re.I)
_EXCEEDS_TOP = re.compile(r"^[ \t]*top ?\d+[ \t]*:", re.I | re.M)
_DIR_TOP = re.compile(r"(?<![\w-])(?:Dir Type Top|Top Dir Type|Top Dir) \d+[ \t]*:", re.I)
_FD_STACK = re.compile(_N + r"num[ \t]+(\d+)[ \t]+bt[ \t]+(\[[^\n]*)", re.M)
_BT_FRAME = re.compile(r"\[([^\[\]+\s]+)\+0x[0-9a-fA-F]+\]")
_CLOSE = (
    "close every fd when done with it, on error and early-return branches too (the guide's "
    "first advice: a close at each exit of the function that opened it)"
)
# what an fd of each type is and who opens it (the guide's analysis by type, FdThreadDumper's
# known types)
_FD_TYPES: tuple[tuple[re.Pattern[str], str, str], ...] = (
    (
        re.compile(r"^ashmem\b|/dev/ashmem", re.I),
        "shared memory (ashmem): usually PixelMaps' pixel memory (image decoding hands it to the "
        "C++ PixelMap)",
        "Release PixelMaps when done (pixelMap.release(), OH_PixelmapNative_Release): do not keep "
        "them in app-lifetime containers or hold extra references; name them "
        "(setMemoryNameSync / OH_PixelmapNative_SetMemoryName) so the ashmem blocks say which "
        "image leaks; munmap what the code mmap()s.",
    ),
    (
        re.compile(r"^dmabuf\b|/dev/dma_heap|\bion\b", re.I),
        "DMA-BUF (ION) buffers: graphics buffers, mostly PixelMaps' and surfaces'",
        "Release PixelMaps when done (pixelMap.release()) and pair the graphics buffer calls "
        "(OH_NativeWindow_NativeWindowRequestBuffer with FlushBuffer or AbortBuffer, "
        "OH_NativeBuffer_Alloc with OH_NativeBuffer_Unreference); name PixelMaps "
        "(setMemoryNameSync) to tell which image leaks.",
    ),
    (
        re.compile(r"^socket\b|^socket:", re.I),
        "sockets (network connections, IPC)",
        "Close each socket the code creates (socket(), an HTTP/WebSocket/TCP client) when its "
        "connection ends, fails, times out or is retried: destroy() the http request, close() "
        "the TCP/WebSocket client; reuse one client instead of one per request.",
    ),
    (
        re.compile(r"^pipe\b|^pipe:", re.I),
        "pipes",
        "Close both ends of every pipe()/pipe2() when done (and in the child after fork).",
    ),
    (
        re.compile(r"^eventpoll\b|anon_inode:\[eventpoll\]", re.I),
        "epoll instances (eventpoll): event loops created and never closed",
        "Close each epoll fd (epoll_create) when its loop ends; close an event loop (a libuv "
        "loop: uv_loop_close) and a worker's runtime when they are done.",
    ),
    (
        re.compile(r"^eventfd\b|anon_inode:\[eventfd\]", re.I),
        "event descriptors (eventfd): event queues and loops (EventRunner, libuv) created per task",
        "Close each eventfd when done; stop and release EventRunners/EventHandlers, workers and "
        "loops the code creates instead of creating one per task.",
    ),
    (
        re.compile(r"^sync_file\b", re.I),
        "sync_file fences (graphics)",
        "Close the fence fd each graphics call returns (OH_NativeImage_AcquireNativeWindowBuffer's "
        "fenceFd) and pair it with OH_NativeImage_ReleaseNativeWindowBuffer.",
    ),
)
_HAP = re.compile(r"\.hap\b", re.I)
# a shared library, or the library folders (the dir table's ``5012    /system/lib``)
_LIBRARY = re.compile(r"\.so(?:\.\d+)*$|^/(?:system/|vendor/)?lib(?:64)?/?$")
_DATABASE = re.compile(r"/database/|\.db\d*$|/rdb\b", re.I)


def fd_leak(text: str) -> Said | None:
    m_top = _FD_TOP.search(text)
    m_total = re.search(
        r"(?<![\w-])(?:leaked fd nums|fd num|fd of process \S+ exceeds)[ \t]*:[ \t]*(\d+)",
        text,
        re.I,
    )
    stacks = [(int(m.group(1)), m.group(2)) for m in _FD_STACK.finditer(text)]
    tracked = bool(stacks) and re.search(r"LOGGER_MEMCHECK_FD_STACK_INFO|FdTrack Stack", text)
    said = m_total.group(0).lower() if m_total is not None else ""
    leaked = "leaked fd" in said or "exceeds" in said
    if m_top is None and m_total is not None and "exceeds" in said:
        # the stability test's report: ``fd of process P exceeds: 5158`` then ``top10:`` and a
        # count and a path a row
        m_top = _EXCEEDS_TOP.search(text, m_total.end())
    if m_top is None and not leaked and not tracked:
        return None
    if not leaked and not tracked and m_total is not None and int(m_total.group(1)) < _FDS:
        return None  # hidumper's dump of a process's fds (``fd num:``), no leak in it
    fds = _rows(text, m_top.start()) if m_top else []
    m_dir = _DIR_TOP.search(text)
    dirs = _rows(text, m_dir.start()) if m_dir else []
    top = fds[0] if fds else None
    if dirs and (top is None or dirs[0][0] > top[0]) and not dirs[0][1].endswith("..."):
        top = dirs[0]  # FdThreadDumper's summary: the directory when it holds more
    total = int(m_total.group(1)) if m_total else None
    holder, what, fix = _fd_reading(top[1] if top else "")
    count = f"{total} fds open" if total is not None else "too many fds open"
    held = f"; the top holder: {top[0]} × {holder}" if top else ""
    location, stack_note = _fd_stack(stacks)
    return Said(
        kind="crash",
        meaning=(
            f"File descriptor leak (FD_LEAK): the process had {count} (the leak detector's "
            f"limit is 5000; it reports the leak and kills the app){held}: {what}"
            f"{'' if 'never' in what else ', opened and never closed'}{stack_note}"
        ),
        fix=f"{fix} Then {_CLOSE}.",
        evidence=_fd_evidence(text, top, m_total or m_top),
        location=location,
        terms=("fd leak", "FD_LEAK", "句柄泄漏", "file descriptor", "close"),
        code="FD_LEAK",
    )


def _fd_evidence(text: str, top: tuple[int, str] | None, said: re.Match[str] | None) -> str:
    if top is not None:
        return line_of(text, _find_row(text, top))
    return line_of(text, said.start()) if said else "LOGGER_MEMCHECK_FD_STACK_INFO"


def _fd_reading(name: str) -> tuple[str, str, str]:
    """The holder as said, what it is, and its fix."""
    for pattern, what, fix in _FD_TYPES:
        if pattern.search(name):
            return f"“{name}”", what, fix
    if not name or name == "unknown":
        return (
            "an fd the detector could not name",
            "file descriptors",
            "Find where the app opens files, sockets or pipes (hook it in a debug build, or "
            "list /proc/self/fd before and after the scenario) and close them.",
        )
    if _LIBRARY.search(name):
        return (
            f"“{name}”",
            f"handles on shared libraries ({name}): dlopen()ed again and again and never "
            "dlclose()d",
            "Pair every dlopen with a dlclose when the library is no longer needed, and release "
            "the object that keeps the handle (a parser or loader kept as a member of an object "
            "that is never destroyed: free it, or make it a local).",
        )
    if _HAP.search(name):
        what = (
            "file handles on the app's own package (a rawfile's descriptor from "
            "resourceManager.getRawFd / getRawFileDescriptor or "
            "OH_ResourceManager_GetRawFileDescriptor is an fd of the HAP): the code keeps "
            "opening it"
        )
        fix = (
            f"Find where {name} is opened (each getRawFd/getRawFileDescriptor, an AVPlayer or "
            "image source given a rawfile fd) and close it after use: "
            "resourceManager.closeRawFd / closeRawFileDescriptor, "
            "OH_ResourceManager_ReleaseRawFileDescriptor, fs.closeSync for an fd you opened."
        )
        return f"“{name}”", what, fix
    if _DATABASE.search(name):
        return (
            f"“{name}”",
            f"file handles on the database files under {name}: stores or result sets opened "
            "repeatedly",
            "Close every ResultSet (resultSet.close()) after reading it and reuse one RdbStore "
            "(getRdbStore once, close it when the app is done) instead of opening one per query.",
        )
    return (
        f"“{name}”",
        f"file handles on {name} (a file the app opens again and again)",
        f"Find where {name} is opened (fs.openSync/open(), fopen, a stream or an API that "
        "opens it for you) and close the fd or release the object holding it when done "
        "(fs.closeSync, close, fclose); watch the fd's lifetime in concurrent code.",
    )


def _fd_stack(stacks: list[tuple[int, str]]) -> tuple[str | None, str]:
    """The app's library in FdTrack's most frequent opening stack, and a note naming the
    stack's libraries."""
    if not stacks:
        return None, ""
    num, bt = max(stacks, key=lambda s: s[0])
    libs = [m.group(1) for m in _BT_FRAME.finditer(bt)]
    own = next((lib for lib in libs if not lib.startswith(("/system/", "/vendor/", "/lib"))), None)
    names = list(
        dict.fromkeys(
            lib.rsplit("/", 1)[-1]
            for lib in libs
            if not re.search(r"libfdleak_tracker|ld-musl|/libc\.so|libc\+\+", lib)
        )
    )
    note = f"; FdTrack's top opening stack ({num} opens) runs through {', '.join(names[:4])}"
    if any("libace_napi" in n for n in names):
        note += " (called from ArkTS through N-API)"
    return own, note if names else ""


def overlimit_fixes() -> tuple[tuple[str, str, str], ...]:
    """HiAppEvent's RESOURCE_OVERLIMIT event by its ``resource_type`` (the resource-leak
    event guide, hiappevent-watcher-resourceleak-events: pss_memory, ion_memory, gpu_memory,
    js_heap -- js_memory in its first release --, fd, thread; the leak logs' own ashmem and
    kernel memory): the pattern of the type's values, what leaks, and the same fix the leak
    log of that kind gets here."""
    fd = _fd_reading("")[2]
    return (
        (r"js_(?:heap|memory)", "the ArkTS (JS) heap", pss_fix("ArkTS")),
        (
            r"pss_memory",
            "the process's memory (PSS: the ArkTS heap and native memory together)",
            f"{pss_fix('ArkTS')} When the ArkTS heap does not grow, native code leaks: "
            f"{pss_fix('jemalloc')}",
        ),
        (r"ion(?:_memory)?|dmabuf", "ION (DMA-BUF) memory", PIXELMAP_FIX),
        (r"gpu(?:_memory)?", "GPU memory", GPU_FIX),
        (r"ashmem(?:_memory)?", "shared memory (ashmem)", pss_fix("ashmem")),
        (r"kernel_memory", "kernel memory", KERNEL_FIX),
        (
            r"fd",
            "file descriptors",
            f"{fd} Then {_CLOSE}; the event's fd.top_fd_type names the kind that grows.",
        ),
        (r"thread", "threads", _THREAD_FIX),
    )


def read(text: str) -> Said | None:
    """A resource-leak log's reading, or None when ``text`` is no leak log (cheap ``in`` tests
    first: a 1 MB hilog costs little)."""
    if not any(
        w in text
        for w in (
            "Thread Name",
            "fd Top",
            "fd nums",
            "fd of process",
            "DMABUF",
            "dma_heap",
            "ashmem",
            "used summary",
            "FD_STACK",
            "task_comm",
            "memoryName",
            "SMAPS",
            "Threshold",
        )
    ):
        return None
    return thread_leak(text) or fd_leak(text) or memory_leak(text)
