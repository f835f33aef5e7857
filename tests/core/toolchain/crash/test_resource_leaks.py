"""The system's resource-leak logs (:mod:`hmdesk.core.toolchain.crash.resource_leaks`,
:mod:`~hmdesk.core.toolchain.crash.memory_leaks`), on the samples the documentation prints:
the Resource Leak guide (harmonyos-guides/resource-leak-guidelines: each log's layout), the
stability best practice bpta-stability-leak-way (how each is read) and hidumper's fd/thread dump
(HiviewDFX's FdThreadDumper). Each is a crash (the detector kills the leaking app) naming what
leaks, its top holder and the fix."""

from __future__ import annotations

import pytest
from hmdesk.core.toolchain.crash.resource_leaks import read
from hmdesk.core.toolchain.doctor import diagnose
from hmdesk.core.toolchain.finding import Finding


def assert_found(text: str, code: str, *words: str) -> Finding:
    f = diagnose(text)
    assert f is not None, text[:200]
    assert (f.kind, f.code, f.certain) == ("crash", code, True), (f.kind, f.code, f.meaning)
    said = f"{f.meaning} {f.fix}".lower()
    for w in words:
        assert w.lower() in said, (w, f.meaning, f.fix)
    return f


# resource-leak-guidelines, 线程泄漏日志规格: the header, Top 10 Thread Name, a thread snapshot
_THREAD_LEAK = """time: 2024/06/27 03:45:19
pid: 41897
vss: 12783644
rss: 2229352
process: process1
summary: 879
Top 10 Thread Name:
913 process1
3 gpu-work-client
2 OS_Actor_402
1 IPC_11_13795
======================================================
Result: 0 ( no error )
Timestamp:2024-06-27 03:45:20.000
Pid:41897
Uid:1013
Process name:process1
Tid:1527, Name:xxx
#00 pc 00000000001b6464 /system/lib/ld-musl-aarch64.so.1(__timedwait_cp+192)(98dc7600a0fc62125e291b93ca336154)
#01 pc 00000000001b8468 /system/lib/ld-musl-aarch64.so.1(__pthread_cond_timedwait+188)(98dc7600a0fc62125e291b93ca336154)
#02 pc 00000000000c108c /system/lib64/libc++.so(std::__h::condition_variable::wait(std::__h::unique_lock<std::__h::mutex>&)+20)(9cbc937082b3d7412696099dd58f4f78242f9512)
#03 pc 000000000024654c /system/lib64/platformsdk/xxx.so(mindspore::Worker::WaitUntilActive()+204)(534ce78b66262dc14658c35fa018662f)
#04 pc 000000000023da14 /system/lib64/platformsdk/xxx.so(mindspore::ActorWorker::RunWithSpin()+256)(534ce78b66262dc14658c35fa018662f)
#06 pc 00000000001baac0 /system/lib/ld-musl-aarch64.so.1(start+236)(98dc7600a0fc62125e291b93ca336154)
"""


def test_a_thread_leak_names_the_count_the_top_thread_and_the_library() -> None:
    f = assert_found(_THREAD_LEAK, "THREAD_LEAK", "879 threads", "process1", "pthread_join", "pool")
    # the threads take the process's name: created without a name of their own
    assert "without a name" in f.meaning
    assert f.location is not None and "xxx.so(mindspore::Worker::WaitUntilActive()" in f.location
    # they wait on a condition variable: wake them, release the locks
    assert "lock_guard" in f.fix


def test_hidumpers_thread_dump_is_read_too() -> None:
    # FdThreadDumper::DumpThreadInfo: ``Thread num:`` and ``Top 10 Thread Names:``
    text = "Thread num: 812\nTop 10 Thread Names:\n790\tworker\n12\tOS_FFRT_2_1\n"
    f = assert_found(text, "THREAD_LEAK", "812 threads", "“worker” (790)")
    assert f.location is None


# resource-leak-guidelines, 句柄泄漏日志规格: the header and Leaked fd Top 10
_FD_HEADER = "time: 2024/06/27 11:55:28\npid: 1380\nprocess: process1\nleaked fd nums: 5111\n"


def test_an_fd_leak_of_ashmem_is_pixelmaps_memory() -> None:
    text = (
        _FD_HEADER
        + "FdCount FileDescriptor\n*****************************\nLeaked fd Top 10:\n"
        + "4796    ashmem\n259 socket\n119 dmabuf\n48 eventfd\n42 sync_file\n17 eventpoll\n"
        + "3 /sys/kernel/debug/tracing/trace_marker\n3 /dev/null\n2 /dev/hvgr0\n"
    )
    f = assert_found(
        text, "FD_LEAK", "5111 fds", "4796 × “ashmem”", "release()", "setMemoryNameSync"
    )
    assert f.evidence == "4796    ashmem"


def test_an_fd_leak_in_a_directory_names_the_directory() -> None:
    # the guide: Leaked fd Top 10 does not say which files; Dir Type Top 10 does (an rdb leak)
    text = (
        _FD_HEADER
        + "Leaked fd Top 10:\n120 socket\n5 /dev/urandom\n"
        + "Dir Type Top 10:\n6175 /data/storage/el2/database/rdb\n5 /dev/urandom\n"
        + "1 anon_inode:[signalfd]\n1 /system/app/PhoneClone/PhoneClone.hap\n"
    )
    assert_found(text, "FD_LEAK", "/data/storage/el2/database/rdb", "resultSet.close()")


def test_a_numbered_dmabuf_fd_leak_from_the_best_practice() -> None:
    # bpta-stability-leak-way, 句柄泄漏分析方法: the top fds are dmabuf (ION)
    text = (
        "1. *****************************\n2. Leaked fd Top 10:\n3. 5000    dmabuf\n"
        "4. 3    /dev/pts/0\n5. 2    socket\n6. 1    /dev/dma_heap/system_heap\n"
    )
    assert_found(text, "FD_LEAK", "DMA-BUF", "OH_NativeBuffer_Unreference")


@pytest.mark.parametrize(
    ("top", "word"),
    [
        ("socket", "close() the TCP"),
        ("pipe", "pipe2"),
        ("eventfd", "EventRunner"),
        ("eventpoll", "epoll"),
        ("sync_file", "OH_NativeImage_ReleaseNativeWindowBuffer"),
    ],
)
def test_each_special_fd_type_of_the_guide_has_its_fix(top: str, word: str) -> None:
    assert_found(
        f"leaked fd nums: 6000\nLeaked fd Top 10:\n5800 {top}\n12 /dev/null\n", "FD_LEAK", word
    )


def test_fdtracks_opening_stack_names_its_libraries() -> None:
    # resource-leak-guidelines, 句柄栈信息: the opening stacks, most frequent first
    text = (
        "*****************************\nLOGGER_MEMCHECK_FD_STACK_INFO\npid: 12326\n"
        "get stack time: 2024/06/17 19:16:48\n"
        "==============================FdTrack Stack==============================\n"
        "num 8272 bt [/system/lib64/libfdleak_tracker.so+0x1fb58] "
        "[/system/lib/ld-musl-aarch64.so.1+0x1d3154] [/system/lib64/platformsdk/libuv.so+0x1ab30] "
        "[/system/lib64/module/file/libfs.z.so+0x17109c] "
        "[/system/lib64/platformsdk/libace_napi.z.so+0x34828]\n"
        "num 3968 bt [/system/lib64/libfdleak_tracker.so+0x1fb58] "
        "[/system/lib64/platformsdk/libipc_core.z.so+0x4ac64]\n"
    )
    f = assert_found(text, "FD_LEAK", "8272 opens", "libfs.z.so", "through N-API")
    assert f.location is None  # every library is the system's
    app = text.replace(
        "libace_napi.z.so+0x34828",
        "libace_napi.z.so+0x34828] [/data/storage/el1/bundle/libs/arm64/libentry.so+0x2a10",
    )
    assert (
        assert_found(app, "FD_LEAK").location == "/data/storage/el1/bundle/libs/arm64/libentry.so"
    )


def test_an_ion_leak_of_the_old_layout_names_the_biggest_buffers() -> None:
    # resource-leak-guidelines, ion内存泄漏 (before HarmonyOS 6.0.0: no leak_type column)
    text = (
        "*****************************\nLOGGER_MEMCHECK_PROC_INFO\nMM_DMABUF_INFO\n"
        "realtime: 2025/07/26 14:19:58\n"
        "Process pid fd size_bytes ino exp_pid exp_task_comm buf_name exp_name buf_type\n"
        "process1        1563 71 13926400 25690 11187 allocator_host 11563 mm_heap_helpers xcomponent\n"
        "process1        1563 75 1024000000 21095 11187 allocator_host 11563 mm_heap_helpers NULL\n"
        "process1        1563 77 1024000000 11557 11187 allocator_host 11563 mm_heap_helpers NULL\n"
        "************ endl ************\n"
    )
    # unnamed buffers: name the PixelMaps to find the image
    assert_found(
        text, "ION_LEAK", "2 buffers", "2048000000 bytes", "setMemoryNameSync", "release()"
    )


def test_an_ion_leak_of_a_video_decoder_by_its_leak_type() -> None:
    # the 6.0.0 columns: leak_type names the component (the guide's table: hw-video-decoder)
    text = (
        "LOGGER_MEMCHECK_PROC_INFO\nMM_DMABUF_INFO\n"
        "Process pid fd size_bytes ino exp_pid exp_task_comm buf_name exp_name buf_type leak_type\n"
        + "".join(
            f"process1 65141 {300 + i} 3110400 4325{i} 42829 allocator_host "
            f"1920x1080-hevc-7 mm_heap_helpers NULL hw-video-decoder\n"
            for i in range(6)
        )
        + "************ endl ************\n"
    )
    assert_found(text, "ION_LEAK", "6 buffers", "video codec", "OH_VideoDecoder_Destroy")


def test_an_ashmem_leak_names_the_ashmem_block() -> None:
    # resource-leak-guidelines, ashmem聚类规则: the detail rows, summed by Ashmem_name
    text = (
        "LOGGER_MEMCHECK_PROC_INFO\nProcess ashmem detail info:\n"
        "Process_name    Process_ID      Fd      Cnode_idx       Applicant_Pid   Ashmem_name"
        "                     Virtual_size    Physical_size  magic\n"
        "XXXXX  816  22  328234  816  dev/ashmem/PolicyVolumeMap  541  4096  7\n"
        "XXXXX  816  23  328235  816  dev/ashmem/PixelMap_RawData  8294400  8294400  8\n"
        "XXXXX  816  24  328236  816  dev/ashmem/PixelMap_RawData  8294400  8294400  9\n"
    )
    assert_found(text, "ASHMEM_LEAK", "PixelMap_RawData", "16588800 bytes", "release()")


def test_a_gpu_leak_names_the_process_and_the_memory_kind() -> None:
    # bpta-stability-leak-way, gpu泄漏: used summary per context, then the kinds' totals
    text = (
        "ctx_247       5264       5058 used summary:200704 grow:0 driver:180224 kmd:131072 jit:0\n"
        "ctx_235      63531      61358 used summary:1079209984 grow:131072 driver:5595136\n"
        "com.huawei.hmos.xxx\n"
        "C: vulkan image (Total memory: 1027194880)\n13:                   87 / 356352\n"
        "C: host default memory (Total memory: 1789351)\n"
    )
    assert_found(text, "KERNEL_MEMORY", "com.huawei.hmos.xxx", "vulkan image", "textures")


def test_a_native_leak_by_its_smaps_kinds() -> None:
    # resource-leak-guidelines, native泄漏聚类规则: the heap (jemalloc) holds most
    text = (
        "pid: 2017\nprocessName: process1\nSoftThreshold: 3500(KB)\nHardThreshold: 1024000(KB)\n"
        "Index   RSS(KB)  Offset(KB)  PSS(KB)  SwapPSS(KB)  TotalPSS(KB)  TotalMem(KB)\n"
        "LOGGER_MEMCHECK_SMAPS_INFO\n-------------------------------[memory]----------------\n"
        "Size Rss Pss Clean Dirty Clean Dirty Swap SwapPss Counts Name\n"
        "1662976 68744 68744 0 0 68744 0 0 0 525 [anon:ArkTS Heap]\n"
        "327168 171464 146921 25416 0 146048 0 0 0 17 [anon:native_heap:jemalloc]\n"
        "38760 528 524 4 0 524 0 0 0 56 [anon]\n"
    )
    assert_found(text, "PSS_MEMORY", "3500 KB", "native heap", "early-return")


def test_text_that_is_no_leak_log_is_not_read() -> None:
    assert read("summary: 3 tests passed\nTop 10 slowest:\n") is None
    assert read("the ashmem driver is loaded") is None
    assert read("") is None


def test_a_leak_table_joined_onto_one_line_is_read() -> None:
    # resource-leak-guidelines as a scraped page prints it: each code block on one line
    threads = (
        "time: 2024/06/27 03:45:19 pid: 41897 vss: 12783644 rss: 2229352 process: process1 "
        "summary: 879\n\nTop 10 Thread Name: 913    process1 3    gpu-work-client 2    OS_Actor_402"
    )
    assert_found(threads, "THREAD_LEAK", "879 threads", "“process1” (913)")
    fds = (
        "FdCount    FileDescriptor ***************************** Leaked fd Top 10: 4796    ashmem "
        "259    socket 119    dmabuf 48    eventfd 42    sync_file 17    eventpoll 3    /dev/null"
    )
    assert_found(fds, "FD_LEAK", "4796 × “ashmem”", "setMemoryNameSync")


def test_the_network_kits_threads_leak_per_http_client() -> None:
    # bpta-scenario-stability-leak, 线程泄漏案例: a thread per HTTP client, never released
    text = (
        "1. process: 某应用\n2. summary: 826\n\n4. Top 10 Thread Name:\n5. 309  network\n"
        "6. 309  Network File Th\n7. ......\n8. =================================\n"
    )
    assert_found(
        text, "THREAD_LEAK", "826 threads", "“network” (309)", "destroy()", "releaseHttpClient"
    )


def test_shared_libraries_opened_again_and_again_are_a_dlopen_leak() -> None:
    # bpta-scenario-stability-leak, 句柄泄漏-文件句柄泄漏案例: .so files under /system/lib
    text = (
        "time: 2024/07/09 08:32:16\npid: 1386\nprocess: XXX\nleaked fd nums: 5022\n"
        "FdCount    FileDescriptor\n*****************************\nLeaked fd Top 10:\n"
        "179    /system/lib64/libinsightintent_common.z.so\n"
        "179    /system/lib64/platformsdk/libzuri.z.so\n"
        "Top Dir Type 10:\n5012    /system/lib\n3    /dev/null\n1    /dev/binder\n"
    )
    assert_found(text, "FD_LEAK", "5012 × “/system/lib”", "dlclose")


def test_an_ion_table_quoted_without_its_title() -> None:
    # bpta-stability-leak-way, ION泄漏 step 3: a buffer held by one process only
    text = (
        "1. Process name       Process ID            fd             size            magic"
        "         buf->pid   buf->task_comm\n"
        "2. process6             39654               604          45441024             5105"
        "              1331       process1\n"
    )
    assert_found(text, "ION_LEAK", "allocated by process1", "45441024 bytes", "release()")


def test_the_kernel_memory_sample_names_the_memory_or_the_process() -> None:
    # resource-leak-guidelines, ashmem/ion/gpu/gpu_rs内存泄漏日志规格, 内存采样
    device = (
        "memoryName:gpu\nsoftThreshold:2300(MB)\nhardThreshold:3450(MB)\ntopMemory:4876824(KB)\n"
        "time(s) kernelMemory(KB)realtime\n247681  4876824         2024/06/24 08:27:52\n"
    )
    assert "no single process" in assert_found(device, "KERNEL_MEMORY", "4876824 KB").meaning
    app = device.replace("memoryName:gpu", "memoryName:com.example.gallery")
    assert_found(app, "KERNEL_MEMORY", "com.example.gallery", "release()")


def test_hidumpers_dump_of_a_healthy_process_is_no_leak() -> None:
    # hidumper -p <pid> --thread / --fd (FdThreadDumper) on a process far from the limits
    assert (
        read("Thread num: 43\nTop 10 Thread Names:\n4\tmali-utility-wo\n4\tOS_GC_Thread\n") is None
    )
    assert (
        read("fd num: 160\nSummary:\nLeaked fd:socket\n\nLeaked fd Top 10:\n40\tsocket\n") is None
    )
