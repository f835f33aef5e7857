"""The system's memory-leak logs (the Resource Leak guide's MEMORY_LEAK kinds other than the
JS heap): ION/DMA-BUF and ashmem buffers, GPU memory, a native (PSS) leak. The layouts, and the
fixes the stability best practices (bpta-stability-leak-way, -leak-opt) give, are described in
:mod:`.resource_leaks`, which reads these with the thread and fd leaks."""

from __future__ import annotations

import re
from collections import Counter

from hmdesk.core.toolchain.hilog.says import Said

# a line of a page's code block keeps its number (``4. Leaked fd Top 10:``)
LINE_NUMBER = r"^[ \t]*(?:\d{1,4}\.[ \t]*)?"
_N = LINE_NUMBER


def line_of(text: str, pos: int) -> str:
    """The line of ``text`` at ``pos``, without a page's line number."""
    start = text.rfind("\n", 0, pos) + 1
    end = text.find("\n", pos)
    return re.sub(_N, "", text[start : end if end >= 0 else len(text)]).strip()


_line_of = line_of


# ----------------------------------------------------------------------------- ION / ashmem

# the ION table's title, or its header alone (the best practice quotes ``Process name  Process ID
#  fd  size  magic  buf->pid  buf->task_comm`` rows without it)
_DMABUF = re.compile(
    r"MM_DMABUF_INFO|Process dma_heap info|LOGGER_PROCESS_DMABUF_INFO"
    r"|^[^\n]*\bsize(?:_bytes)?\b[^\n]*\b(?:buf->task_comm|exp_task_comm)\b",
    re.M,
)
_ASHMEM = re.compile(r"Process ashmem detail info|ASHMEM_PROCESS_INFO|LOGGER_MEMCHECK_ASHMEM_INFO")
_BUFFER_KINDS: tuple[tuple[re.Pattern[str], str, str], ...] = (
    (
        re.compile(r"^pixelmap$|^(?:\d+x\d+-)?(?:https?|file|resource)://", re.I),
        "an Image component's PixelMaps (the buffer is named by the image's url)",
        "Release the PixelMaps the page's images create when they are no longer shown "
        "(pixelMap.release(); drop the references, do not cache them in app-lifetime "
        "containers); reuse one decoded image instead of decoding it for each component.",
    ),
    (
        re.compile(r"^srcImageSize-", re.I),
        "decoded images' PixelMaps (image decoding: ImageSource.createPixelMap / decode())",
        "Release each decoded PixelMap after use (pixelMap.release(), OH_PixelmapNative_Release; "
        "imageSource.release()): a decode in native code must not keep the PixelMap in a "
        "long-lived container or add extra references.",
    ),
    (
        re.compile(r"^xc-[st]-", re.I),
        "an XComponent's surface/texture buffers",
        "Release the XComponent's buffers and native window when it is destroyed "
        "(OnSurfaceDestroyed): pair every RequestBuffer with FlushBuffer/AbortBuffer.",
    ),
    (
        re.compile(r"^web-", re.I),
        "a Web component's buffers (rendering or media)",
        "Destroy Web components that are no longer shown, and do not keep many pages or media "
        "alive at once.",
    ),
    (
        re.compile(r"^(?:hw|sw)-video-", re.I),
        "video codec buffers (a decoder or encoder instance)",
        "Stop and destroy each codec instance (OH_VideoDecoder_Destroy / AVPlayer.release()) "
        "when playback ends, and return the output buffers.",
    ),
    (
        re.compile(r"^external$", re.I),
        "graphics buffers the app's native code requested (OH_NativeWindow_NativeWindowRequestBuffer, "
        "OH_NativeBuffer_Alloc)",
        "Pair the calls: OH_NativeWindow_NativeWindowRequestBuffer with FlushBuffer (AbortBuffer "
        "when Flush fails), OH_NativeBuffer_Alloc with OH_NativeBuffer_Unreference.",
    ),
    (
        re.compile(r"PixelMap|RawData|JPEG|EXTRawData", re.I),
        "PixelMaps' pixel memory (image decoding hands it to the C++ PixelMap)",
        "Release PixelMaps after use (pixelMap.release(), OH_PixelmapNative_Release): do not "
        "cache them for the app's lifetime or add references in native code.",
    ),
)
_UNNAMED_FIX = (
    "The buffers carry no name: name each PixelMap (setMemoryNameSync, "
    "OH_PixelmapNative_SetMemoryName; window + component + index) to see which image leaks, and "
    "compare two heap snapshots in DevEco Studio for the growing PixelMap objects."
)
_NAME_IT = (
    "Name each PixelMap (setMemoryNameSync, OH_PixelmapNative_SetMemoryName) to tell which image "
    "leaks, and compare two heap snapshots in DevEco Studio for the growing objects."
)
PIXELMAP_FIX = (
    "Release PixelMaps after use (pixelMap.release()) and do not keep them in app-lifetime "
    "containers; name them with setMemoryNameSync / OH_PixelmapNative_SetMemoryName to tell "
    "which image leaks (an ION leak is most often a PixelMap C++ object never released)."
)


def buffer_leak(text: str) -> Said | None:
    dmabuf = _DMABUF.search(text)
    ashmem = _ASHMEM.search(text) if dmabuf is None else None
    if dmabuf is None and ashmem is None:
        return None
    start = (dmabuf or ashmem).start()  # type: ignore[union-attr]
    groups = _buffers(text[start:], ion=dmabuf is not None)
    if not groups:
        return None
    (name, kind), (size, count) = max(groups.items(), key=lambda g: g[1][0])
    label = name if kind in ("", "NULL") or kind == name else f"{name} ({kind})"
    # the leak type names the component; the buffer's name otherwise (a decode, an image url)
    known = next((b for b in _BUFFER_KINDS if kind and b[0].search(kind)), None) or next(
        (b for b in _BUFFER_KINDS if b[0].search(name)), None
    )
    unnamed = known is None and (name.isdigit() or name in ("", "NULL"))
    what = known[1] if known else "buffers"
    fix = known[2] if known else PIXELMAP_FIX
    if unnamed:
        fix = f"{PIXELMAP_FIX} {_UNNAMED_FIX}"
    elif known is not None and "name" not in fix:
        fix = f"{fix} {_NAME_IT}"
    leak = "ION (DMA-BUF) memory leak (ION_LEAK)" if dmabuf else "ashmem memory leak (ASHMEM_LEAK)"
    # the guide's second sign: many same buffers, each small, allocated again and again
    again = max(
        (g for g in groups.items() if g[0] != (name, kind)), key=lambda g: g[1][1], default=None
    )
    repeated = (
        f"; also {again[1][1]} buffers of “{again[0][0]}” allocated again and again"
        if again is not None and again[1][1] >= 3 and again[1][1] > count
        else ""
    )
    return Said(
        kind="crash",
        meaning=(
            f"{leak}: the process holds buffers past the system's baseline; the largest share is "
            f"{count} buffer{'s' if count > 1 else ''} of “{label}” ({size} bytes): {what}, "
            f"allocated and never released{repeated}"
        ),
        fix=fix,
        evidence=_line_of(text, text.find(name, start)) if name else (dmabuf or ashmem).group(0),  # type: ignore[union-attr]
        terms=("memory leak", "ION", "dmabuf", "ashmem", "PixelMap", "内存泄漏"),
        code="ION_LEAK" if dmabuf else "ASHMEM_LEAK",
    )


def _buffers(text: str, *, ion: bool) -> dict[tuple[str, str], tuple[int, int]]:
    """The table's rows summed by (buffer name, leak type): total bytes and count."""
    header: list[str] | None = None
    groups: dict[tuple[str, str], tuple[int, int]] = {}
    for line in text.splitlines()[:80_000]:
        bare = re.sub(_N, "", line).strip()
        if re.search(r"endl|^\*{5,}", bare) and header is not None and groups:
            break
        low = bare.lower()
        if header is None:
            if ("size" in low and "fd" in low) or "ashmem_name" in low:
                header = (
                    low.replace("process name", "process")
                    .replace("process id", "pid")
                    .replace("process_name", "process")
                    .replace("process_id", "pid")
                    .split()
                )
            continue
        cells = bare.split()
        if len(cells) != len(header) or not any(c.isdigit() for c in cells[1:3]):
            continue
        row = dict(zip(header, cells, strict=True))
        size_key = next(
            (k for k in ("size_bytes", "physical_size", "size") if k in row and row[k].isdigit()),
            None,
        )
        if size_key is None:
            continue
        if ion:
            comm = row.get("buf->task_comm", "")
            name = row.get("buf_name") or (f"allocated by {comm}" if comm else "")
            kind = row.get("leak_type") or row.get("buf_type") or ""
        else:
            name, kind = row.get("ashmem_name", ""), ""
        size, count = groups.get((name, kind), (0, 0))
        groups[(name, kind)] = (size + int(row[size_key]), count + 1)
    return groups


# ----------------------------------------------------------------------------- GPU memory

_GPU_CTX = re.compile(
    _N + r"ctx_\d+\s+\d+\s+(\d+)\s+used summary:\s*(\d+)[^\n]*"
    # the process's name on the next line (looked at, not taken: it may be the next context)
    r"(?=\n[ \t]*(?:\d{1,4}\.[ \t]*)?(\S+))?",
    re.M,
)
_GPU_KIND = re.compile(_N + r"(?:C|Channel):\s*(.+?)\s*\(Total memory:\s*(\d+)\)", re.M)


GPU_FIX = (
    "Free the GPU resources the app creates when done with them (textures and images, "
    "buffers, render targets: vkDestroyImage/vkFreeMemory, glDeleteTextures), and "
    "release PixelMaps, surfaces and components that are no longer shown; size the "
    "allocations the log lists by size class against the scenario, then take a "
    "Profiler capture (Created & Existing) to find the allocating stack."
)


def gpu_leak(text: str) -> Said | None:
    ctxs = list(_GPU_CTX.finditer(text))
    kinds = [(m.group(1), int(m.group(2))) for m in _GPU_KIND.finditer(text)]
    if not ctxs and not (kinds and "GPU_PROCESS_INFO" in text):
        return None
    biggest = max(ctxs, key=lambda m: int(m.group(2))) if ctxs else None
    who = ""
    if biggest is not None:
        proc = biggest.group(3) or ""
        name = proc if proc and not proc.startswith(("ctx_", "C:", "Channel")) else ""
        who = f"; the largest user: {name or 'pid ' + biggest.group(1)} ({biggest.group(2)} bytes)"
        if name == "render_service":
            who += " — the system's renderer, drawing the app's content (gpu_rs)"
    kind = max(kinds, key=lambda k: k[1]) if kinds else None
    most = f"; most of it is {kind[0]} ({kind[1]} bytes)" if kind else ""
    image = kind is not None and re.search(r"image|texture", kind[0], re.I) is not None
    return Said(
        kind="crash",
        meaning=(
            f"GPU memory leak (KERNEL_MEMORY): GPU memory past the system's baseline{who}{most}"
        ),
        fix=(
            GPU_FIX
            + (
                " Images/textures hold most of it: check the textures each frame uploads."
                if image
                else ""
            )
        ),
        evidence=_gpu_evidence(biggest, kind),
        terms=("gpu leak", "memory leak", "GPU", "内存泄漏"),
        code="KERNEL_MEMORY",
    )


def _gpu_evidence(ctx: re.Match[str] | None, kind: tuple[str, int] | None) -> str:
    if ctx is not None:
        return ctx.group(0).splitlines()[0].strip()
    return f"{kind[0]} (Total memory: {kind[1]})" if kind else "GPU_PROCESS_INFO"


# ----------------------------------------------------------------------------- native (PSS)

_SMAPS = re.compile(r"LOGGER_MEMCHECK_SMAPS_INFO")
_SAMPLE = re.compile(_N + r"SoftThreshold[ \t]*:[ \t]*\d+", re.M | re.I)
_SMAPS_ROW = re.compile(_N + r"((?:\d+\s+){10})(\S[^\n]*?)\s*$", re.M)
_PSS_KINDS: tuple[tuple[str, re.Pattern[str], str, str], ...] = (
    (
        "the ArkTS virtual machine's heap (JS objects kept alive)",
        re.compile(r"ArkTS", re.I),
        "ArkTS",
        "Take two heap snapshots in DevEco Studio (before and after the scenario) and follow the "
        "growing objects' references to the GC root: clear timers (clearInterval/clearTimeout) "
        "and listeners (off) when a component goes away, drop long-lived caches and closures "
        "that hold pages.",
    ),
    (
        "the native heap (malloc/new never freed)",
        re.compile(r"jemalloc|native_heap|\[heap\]", re.I),
        "jemalloc",
        "Free what the code allocates on every path — error and early-return branches too, the "
        "destructor of what the constructor allocated, with the matching call — and keep the "
        "pointer (no lost address after pointer arithmetic); find the block size that grows in "
        "the NMD info and its stack in DevEco Studio's Profiler (Allocation, Created & Existing).",
    ),
    (
        "shared memory (/dev/ashmem: PixelMaps' pixels, shared buffers)",
        re.compile(r"/dev/ashmem", re.I),
        "ashmem",
        PIXELMAP_FIX + " munmap what the code mmap()s.",
    ),
    (
        "anonymous mappings (mmap never munmapped)",
        re.compile(r"^\[anon\]$|^\[anon:(?!ArkTS|native_heap)", re.I),
        "[anon]",
        "munmap every mmap when done (on error branches too); look for the mapping's stack in "
        "DevEco Studio's Profiler (All Anonymous VM, Created & Existing).",
    ),
)


def pss_fix(kind: str) -> str:
    """The fix for a PSS leak whose most memory is ``kind`` (``ArkTS``, ``jemalloc``,
    ``ashmem``, ``[anon]``)."""
    return next(r[3] for r in _PSS_KINDS if r[2] == kind)


def native_leak(text: str) -> Said | None:
    smaps = _SMAPS.search(text)
    sample = _SAMPLE.search(text)
    if smaps is None and (sample is None or not re.search(r"TotalMem|TotalPSS", text)):
        return None
    sums: Counter[str] = Counter()
    if smaps is not None:
        for m in _SMAPS_ROW.finditer(text, smaps.end()):
            cells = m.group(1).split()
            name = m.group(2).strip()
            if name == "Summary":
                continue
            for label, pattern, _, _ in _PSS_KINDS:
                if pattern.search(name):
                    sums[label] += int(cells[2]) + int(cells[8])  # Pss + SwapPss
                    break
    soft = re.search(_N + r"SoftThreshold[ \t]*:[ \t]*(\d+)", text, re.M | re.I)
    base = f" (its baseline, SoftThreshold, is {soft.group(1)} KB)" if soft else ""
    kind = sums.most_common(1)[0][0] if sums else None
    row = next((r for r in _PSS_KINDS if r[0] == kind), _PSS_KINDS[1])
    part = f"; most of it is {kind}" if kind else ""
    return Said(
        kind="crash",
        meaning=(
            "Native memory leak (PSS_MEMORY): the process's memory kept growing past twice its "
            f"usual peak{base}{part}; the leak detector reports it and kills the app"
        ),
        fix=row[3],
        evidence=_line_of(text, (sample or smaps).start()),  # type: ignore[union-attr]
        terms=("memory leak", "PSS_MEMORY", "native memory", "内存泄漏", row[2]),
        code="PSS_MEMORY",
    )


# the kernel memory sample (memleak-kernel-[module]-0-sample.txt): ``memoryName:gpu``,
# ``softThreshold:2300(MB)``, ``topMemory:4876824(KB)``; a process's name when one leaks
_KERNEL_SAMPLE = re.compile(
    r"memoryName\s*:\s*(?P<name>\S+)(?=[\s\S]{0,400}?softThreshold\s*:)"
    r"(?=[\s\S]{0,600}?topMemory\s*:\s*(?P<top>\d+)\s*\((?P<unit>[KMG]B)\))",
    re.I,
)


KERNEL_FIX = (
    f"{PIXELMAP_FIX} Read the kernel log beside it (memleak-kernel-…-[timestamp].txt: "
    "LOGGER_MEMCHECK_PROC_INFO) for the buffers' names and sizes; free GPU textures and "
    "surfaces the app no longer shows."
)


def kernel_sample(text: str) -> Said | None:
    m = _KERNEL_SAMPLE.search(text)
    if m is None:
        return None
    name = m.group("name")
    kind = name.lower() in ("ashmem", "ion", "gpu", "gpu_rs", "dmabuf")
    meaning = (
        f"Kernel memory past its threshold (KERNEL_MEMORY): the device's {name} memory peaked "
        f"at {m.group('top')} {m.group('unit')}; no single process is named as leaking"
        if kind
        else f"Kernel memory leak (KERNEL_MEMORY): the process {name} holds kernel memory "
        f"(ashmem/ION/GPU) past the system's threshold, {m.group('top')} {m.group('unit')} at "
        "its peak; the leak detector reports it and kills the app"
    )
    return Said(
        kind="crash",
        meaning=meaning,
        fix=KERNEL_FIX,
        evidence=line_of(text, m.start()),
        terms=("memory leak", "KERNEL_MEMORY", "ION", "GPU", "ashmem", "内存泄漏"),
        code="KERNEL_MEMORY",
    )


def memory_leak(text: str) -> Said | None:
    """An ION/ashmem, GPU, native or kernel memory leak log's reading, or None."""
    return buffer_leak(text) or gpu_leak(text) or native_leak(text) or kernel_sample(text)
