"""The crash signals' ``si_code`` names a cppcrash ``Reason`` prints (``SIGILL(ILL_ILLOPC)``,
``SIGBUS(BUS_ADRALN)``, ``SIGSEGV(SEGV_MAPERR)`` …): every code of the CppCrash detection
guide's tables (the SIGILL, SIGTRAP, SIGBUS, SIGFPE and SIGSEGV kinds, and the codes that say
who sent a signal), each with the guide's meaning and the fix it leads to.

:data:`SI_CODES` is read by :mod:`.structure` (the fault log's structure, when no signature
names the cause) and by :mod:`.native_causes` (the SIGILL and SIGTRAP kinds, in table order,
before the catch-alls).
"""

from __future__ import annotations

from hmdesk.core.toolchain.crash.model import Reading

# an instruction the CPU does not have: most often code chosen for a CPU extension (SVE/SVE2,
# SME, a newer Armv8.x/Armv9 feature) the device's CPU lacks
_UNSUPPORTED_INSTRUCTION_FIX = (
    "Disassemble the unstripped .so at the top frame's pc (llvm-objdump -d) and see which "
    "instruction it is; a pc outside the library's executable (r-xp) segment in Maps, or not "
    "4-byte aligned, means a jump to a bad address (a corrupted function pointer), not a bad "
    "instruction. An undefined encoding or trap left in the code (udf/ud2, bad inline "
    "assembly): remove it. An instruction of a CPU extension the device lacks (SVE/SVE2 such "
    "as xar or whilelo, SME, FP16 half-precision that older CPUs lack in a graphics library, "
    "a newer Armv8.x/Armv9 feature): build with a -march the device supports (armv8-a), and "
    "a library that picks its code path at run time must see the "
    "CPU's real features: check getauxval(AT_HWCAP/AT_HWCAP2) before using the extension "
    "(OpenSSL: OPENSSL_armcap set to mask SVE/SVE2, as its SIGILL probing can misread the CPU "
    "on other threads); if the frame is a CFI check, fix the indirect call it caught."
)

SI_CODES: dict[str, Reading] = {
    # --- SIGILL: an illegal instruction
    "ILL_ILLOPC": Reading(
        "the CPU met an illegal instruction, one it does not support (illegal opcode): a trap "
        "or undefined instruction left in the code, invalid inline assembly, or code for a CPU "
        "extension (SVE/SVE2, a newer Armv8.x/Armv9 feature) the device's CPU lacks",
        _UNSUPPORTED_INSTRUCTION_FIX,
        certain=True,
    ),
    "ILL_ILLOPN": Reading(
        "the CPU met an instruction with an invalid operand or an operand of the wrong type "
        "(invalid inline assembly, or code for another CPU)",
        _UNSUPPORTED_INSTRUCTION_FIX,
        certain=True,
    ),
    "ILL_ILLADR": Reading(
        "an instruction used an illegal addressing mode (an invalid or misaligned address)",
        "Disassemble the .so at the top frame's pc and check the address the instruction "
        "uses (a corrupted pointer, a jump into data); build with a -march the device supports.",
    ),
    "ILL_ILLTRP": Reading(
        "an illegal trap ran (a __builtin_trap(), or a check compiled to a trap)",
        "Find the trap at the top frame: a failed check the compiler turned into a trap "
        "(UBSan, CFI, an unreachable path reached); fix what it checks.",
        certain=True,
    ),
    "ILL_PRVOPC": Reading(
        "the code ran a privileged instruction user code may not run",
        "Remove the privileged instruction (inline assembly, a system register access) at the "
        "top frame, or use the system API meant for it.",
        certain=True,
    ),
    "ILL_PRVREG": Reading(
        "the code accessed a privileged register user code may not touch",
        "Remove the privileged register access (inline assembly mrs/msr) at the top frame, or "
        "use the system API meant for it.",
        certain=True,
    ),
    "ILL_COPROC": Reading(
        "a coprocessor instruction the CPU does not define ran",
        _UNSUPPORTED_INSTRUCTION_FIX,
        certain=True,
    ),
    "ILL_BADSTK": Reading(
        "the CPU hit an internal stack error: an operation on an invalid stack address, or a "
        "stack overflow",
        "Look for deep or endless recursion in the repeated frames and large arrays on the "
        "stack; check the code that switches stacks (coroutines, signal stacks).",
        certain=True,
    ),
    "ILL_ILLPACCFI": Reading(
        "a pointer authentication check failed (PAC/CFI): a return address or function "
        "pointer was overwritten, usually by a stack buffer overflow",
        "Find the write that overran a local buffer in the function at the top frame (memcpy "
        "or a loop past the array's end; use memcpy_s and check sizes); a function pointer "
        "must be called with its declared type.",
        certain=True,
    ),
    # --- SIGTRAP: a breakpoint or trap
    "TRAP_BRKPT": Reading(
        "a software breakpoint ran (a brk/__builtin_trap() or an assert compiled to a trap)",
        "Remove debug breakpoints and traps from release code, or fix the check that traps "
        "at the top frame.",
        certain=True,
    ),
    "TRAP_TRACE": Reading(
        "a single-step trace trap fired: the process is being stepped by a debugger or tracer",
        "Detach the debugger or tracer (ptrace) from the process; outside a debugging "
        "session, find what traces it.",
    ),
    "TRAP_BRANCH": Reading(
        "a branch trace trap fired: branch tracing is on for the process",
        "Turn branch tracing off (a debugger or profiler set it); outside a debugging "
        "session, find what traces it.",
    ),
    "TRAP_HWBKPT": Reading(
        "a hardware breakpoint or watchpoint fired",
        "Remove the hardware breakpoint/watchpoint a debugger set, or detach the debugger.",
    ),
    # --- SIGBUS: a bad memory access on the bus
    "BUS_ADRALN": Reading(
        "memory was accessed at a misaligned address (a 4- or 8-byte value, or an atomic or "
        "exclusive access, at an address not a multiple of its size)",
        "Check the pointer at the top frame: a struct cast over a byte buffer, a packed field, "
        "or a function pointer with a bad value; read unaligned data with memcpy into an "
        "aligned variable, keep atomics aligned.",
        certain=True,
    ),
    "BUS_ADRERR": Reading(
        "memory was accessed that has no backing: a mapped file (mmap) read or written past "
        "its end, or a mapping whose file shrank",
        "Map only up to the file's current size, do not truncate a mapped file (remap after "
        "it changes), and check the offset the top frame uses.",
        certain=True,
    ),
    "BUS_OBJERR": Reading(
        "an object-specific hardware error: the object behind the memory (a mapped file or "
        "device) was removed or is not initialised",
        "Check the mapped object the top frame reads (a file deleted or shrunk while mapped, "
        "a device buffer released) and keep it alive while mapped.",
    ),
    "BUS_MCEERR_AR": Reading(
        "the hardware found a memory error that had to be handled at once (machine check, "
        "action required)",
        "A hardware memory fault, not the app's code: retry, and report the device if it repeats.",
    ),
    "BUS_MCEERR_AO": Reading(
        "the hardware found a memory error that could be handled later (machine check, "
        "action optional)",
        "A hardware memory fault, not the app's code: retry, and report the device if it repeats.",
    ),
    # --- SIGFPE: an arithmetic error
    "FPE_INTDIV": Reading(
        "an integer was divided by zero (or taken modulo zero)",
        "Check the divisor at the top frame before dividing; a value read from input or a "
        "size that can be 0 must be tested first.",
        certain=True,
    ),
    "FPE_INTOVF": Reading(
        "an integer arithmetic overflow trapped",
        "Check the arithmetic at the top frame for values that overflow (INT_MIN / -1 too).",
        certain=True,
    ),
    "FPE_FLTDIV": Reading(
        "a floating-point division by zero trapped",
        "Check the divisor at the top frame before dividing, or keep floating-point "
        "exceptions masked (feenableexcept off).",
        certain=True,
    ),
    "FPE_FLTOVF": Reading(
        "a floating-point overflow trapped (the result above the type's range)",
        "Check the values at the top frame (scale them, use a wider type) or keep "
        "floating-point exceptions masked.",
        certain=True,
    ),
    "FPE_FLTUND": Reading(
        "a floating-point underflow trapped (the result below the type's smallest normal)",
        "Check the values at the top frame or keep floating-point exceptions masked.",
        certain=True,
    ),
    "FPE_FLTRES": Reading(
        "a floating-point inexact result trapped",
        "Keep the inexact exception masked (feenableexcept enables it) or check the operation "
        "at the top frame.",
        certain=True,
    ),
    "FPE_FLTINV": Reading(
        "an invalid floating-point operation trapped (0/0, a NaN operand, sqrt of a negative)",
        "Check the operands at the top frame for NaN and invalid values before the operation.",
        certain=True,
    ),
    "FPE_FLTSUB": Reading(
        "a floating-point subscript was out of range",
        "Check the index computed from a floating-point value at the top frame.",
        certain=True,
    ),
    # --- SIGSEGV: an invalid memory reference
    "SEGV_MAPERR": Reading(
        "memory was accessed at an address that is not mapped (a wild, freed or "
        "uninitialised pointer)",
        "Check the pointers the top frame uses: uninitialised, freed (use after free), or "
        "computed past a buffer; HWASan finds the first bad access.",
    ),
    "SEGV_ACCERR": Reading(
        "memory was accessed without the permission for it: a write to read-only memory "
        "(a string literal, const data), a jump into data, or a guard page",
        "Check the write at the top frame (a const or literal buffer written, a dangling "
        "pointer into a freed mapping); HWASan finds the first bad access.",
    ),
    "SEGV_CPERR": Reading(
        "a hardware control-flow protection check failed (ARM64 BTI, x86 CET): an indirect "
        "branch landed on an instruction not marked as a branch target (a corrupted or forged "
        "function pointer, or code built without the landing pads)",
        "Check the function pointer the frame below calls through (overwritten, freed, or cast "
        "to another type); a library built without BTI landing pads (-mbranch-protection) must "
        "be rebuilt with them when the app enables the protection.",
        certain=True,
    ),
    "SEGV_MTESERR": Reading(
        "a memory tag check failed: a pointer used after its memory was freed or past its "
        "allocation (use-after-free, overflow)",
        "Find the first bad access with HWASan/ASan (DevEco: Run > Edit Configurations > "
        "Diagnostics) at the top frame.",
        certain=True,
    ),
    "SEGV_MTEAERR": Reading(
        "a memory tag check failed: a pointer used after its memory was freed or past its "
        "allocation (use-after-free, overflow)",
        "Find the first bad access with HWASan/ASan (DevEco: Run > Edit Configurations > "
        "Diagnostics) at the top frame.",
        certain=True,
    ),
    # --- SIGSYS
    "SYS_SECCOMP": Reading(
        "the process made a system call its seccomp policy forbids; the kernel killed it",
        "Remove the system call from the frame below the C library function, or use the "
        "HarmonyOS API meant for it.",
        certain=True,
    ),
    # --- who sent the signal (any signal)
    "SI_USER": Reading(
        "the signal was sent by a process with kill(): the process did not fault, it was killed",
        "Find who sent it: the app's own kill()/raise(), a test or a tool; the stack is where "
        "the process was when it arrived, not a fault.",
    ),
    "SI_TKILL": Reading(
        "the signal was sent to this thread with tkill()/tgkill() (abort() and raise() do "
        "this): the process or a library stopped itself",
        "Read LastFatalMessage and the frames above abort/raise: the code that decided to "
        "stop the process says why.",
    ),
    "SI_QUEUE": Reading(
        "the signal was sent with sigqueue() by another process or thread",
        "Find who sent it (the app's own sigqueue, a tool); it is not a fault of the top frame.",
    ),
    "SI_KERNEL": Reading(
        "the kernel sent the signal (a fault the kernel detected, or a kernel-side kill)",
        "Read the signal's kind and the top frame: the access or instruction there is what "
        "the kernel refused.",
    ),
    "SI_TIMER": Reading(
        "a POSIX timer's expiry sent the signal",
        "A timer's signal without a handler ended the process: handle or block that signal, "
        "or use another notification for the timer.",
    ),
    "SI_MESGQ": Reading(
        "a message queue's notification sent the signal",
        "Handle or block that signal, or use another notification for the message queue.",
    ),
    "SI_ASYNCIO": Reading(
        "an asynchronous I/O completion sent the signal",
        "Handle or block that signal, or use another completion notification.",
    ),
    "SI_SIGIO": Reading(
        "a queued SIGIO (I/O readiness) sent the signal",
        "Handle or block SIGIO, or use another readiness notification.",
    ),
}


SIGNAL_SENDERS = frozenset(code for code in SI_CODES if code.startswith("SI_"))
"""The codes that say who sent a signal (any signal), not what faulted."""
