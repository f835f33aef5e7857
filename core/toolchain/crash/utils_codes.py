"""The ArkTS common library's error codes (102000xx: Worker, TaskPool, the containers, Buffer,
stream, Decimal, async locks), from its error-code reference: each code's message as the
BusinessError prints it, its meaning and the reference's fix.

A JS crash whose message or ``code`` names one of them is read by :mod:`.structure` (before the
generic "look up the code in its kit's reference"); a message printed without its code is found
by its documented wording (the ``${param}`` parts match any word).
"""

from __future__ import annotations

import re

from hmdesk.core.toolchain.crash.model import Reading

# code: (the documented error message, meaning, fix)
UTILS_CODES: dict[str, tuple[str, str, str]] = {
    "10200001": (
        "The value of ${param} is out of range.",
        "a parameter of an ArkTS library call is out of its range (an index past the end)",
        "Check the index or value the location passes against the container's length or the "
        "documented range.",
    ),
    "10200002": (
        "Invalid ${param} string.",
        "a string parameter could not be parsed (not a well-formed URL, URI, XML or number)",
        "Check the string's format before the call (encode it first) and catch the error.",
    ),
    "10200003": (
        "Worker initialization failed.",
        "the Worker could not be created: too many Workers alive, or wrong WorkerOptions",
        "Keep at most the allowed number of Workers alive (8 in the reference: terminate idle "
        "ones) and check the WorkerOptions passed.",
    ),
    "10200004": (
        "The Worker instance is not running.",
        "a call was made on a Worker that is terminated or being terminated",
        "Only post to or call a Worker while it runs: stop using it before terminate(), and "
        "check its state (or catch the error) when termination can come first.",
    ),
    "10200005": (
        "The called API is not supported in the worker thread.",
        "an API that does not work in a Worker thread was called there",
        "Call that API on the main thread (post a message to it), or use the Worker-supported "
        "API instead.",
    ),
    "10200006": (
        "An exception occurred during serialization.",
        "data sent between threads (postMessage, a TaskPool task's arguments or result) holds "
        "a type that cannot be serialized",
        "Send only data the inter-thread communication supports: plain objects, ArrayBuffer, "
        "@Sendable classes; no functions, class instances with methods or imported objects "
        "(see the ArkTS inter-thread communication overview).",
    ),
    "10200007": (
        "The worker file path is invalid.",
        "the Worker's script path is wrong, so no worker.abc could be built or loaded",
        "Give the Worker's constructor the path form its reference shows (e.g. "
        "'entry/ets/workers/Worker.ets') and list the file in build-profile.json5's workers.",
    ),
    "10200009": (
        "The buffer size must be a multiple of ${size}.",
        "a Buffer's length is not a multiple of the 16, 32 or 64 bits the call needs",
        "Give the call a buffer whose length is a multiple of that size (swap16/32/64).",
    ),
    "10200010": (
        "The container is empty.",
        "an element was read from an empty ArkTS container",
        "Check that the container has elements (length / isEmpty) before reading one.",
    ),
    "10200011": (
        "The ${methodName} method cannot be bound.",
        "a container's method was called with a this that is not that container (bind, or the "
        "method assigned to another object)",
        "Call container methods on the container itself: no bind, no copying the method to "
        "another object.",
    ),
    "10200012": (
        "The ${className}'s constructor cannot be directly invoked.",
        "a container class was called without new",
        "Create containers with new (new ArrayList(), new HashMap()).",
    ),
    "10200013": (
        "${propertyName} cannot be set for the buffer that has only a getter.",
        "a read-only property of a Buffer was set",
        "Do not assign that Buffer property: it only has a getter.",
    ),
    "10200014": (
        "The function is not marked as concurrent.",
        "a TaskPool task's function lacks @Concurrent",
        "Mark the function the task runs with @Concurrent (a top-level function, not a method "
        "or a closure).",
    ),
    "10200015": (
        "The task to cancel does not exist.",
        "taskpool.cancel was called for a task that is not in the pool (never executed, or "
        "already finished)",
        "Cancel only a task taskpool.execute has queued and that has not finished; catch the "
        "error where that cannot be known.",
    ),
    "10200016": (
        "The task to cancel is being executed.",
        "taskpool.cancel was called for a task that is already running",
        "Cancel a task before it starts (it cannot be stopped while it runs); catch the error "
        "where that cannot be known.",
    ),
    "10200017": (
        "The element does not exist in this container.",
        "an element the container does not hold was removed",
        "Check that the container has the element (has / getIndexOf) before removing it.",
    ),
    "10200018": (
        "The task group to cancel does not exist.",
        "taskpool.cancel was called for a task group that is not in the pool",
        "Cancel only a task group taskpool.execute has queued with tasks still pending; catch "
        "the error where that cannot be known.",
    ),
    "10200019": (
        "The globalCallObject is not registered.",
        "a Worker called a host object that is not registered (or was unregistered)",
        "Register the object on the host's Worker instance (registerGlobalCallObject) before "
        "the Worker calls it; catch the error when it may be gone.",
    ),
    "10200020": (
        "The method to be called is not callable or is an async method or a generator.",
        "the registered object's member called from the Worker is not a plain synchronous method",
        "Call only synchronous methods of a registered object (no properties, async methods "
        "or generators).",
    ),
    "10200021": (
        "Waiting for a global call timed out.",
        "a Worker's synchronous call to the host waited longer than its timeout (5000 ms by "
        "default)",
        "Keep the host method short (no heavy computing or file I/O), or raise the timeout of "
        "callGlobalCallObjectMethod.",
    ),
    "10200022": (
        "The function is not called in the TaskPool thread.",
        "a TaskPool-only function was called outside a TaskPool thread",
        "Call it only inside the concurrent function a task runs; catch the error otherwise.",
    ),
    "10200023": (
        "The function is not called in the concurrent function.",
        "a function that must run inside the concurrent function ran in a callback",
        "Call it directly inside the @Concurrent function, not in a callback it sets up.",
    ),
    "10200024": (
        "The callback is not registered on the host side.",
        "a task sent data to the host (sendData) without a callback registered there",
        "Register the host callback (task.onReceiveData) before executing the task.",
    ),
    "10200025": (
        "dependent task not allowed.",
        "a task with dependencies was added to a sequence runner",
        "Remove the task's dependencies (removeDependency) before adding it to the serial queue.",
    ),
    "10200026": (
        "There is a circular dependency.",
        "the tasks' dependencies form a cycle",
        "Remove the dependency that closes the cycle (removeDependency).",
    ),
    "10200027": (
        "The dependency does not exist.",
        "removeDependency named a dependency that was never added",
        "Remove only dependencies added with addDependency; catch the error otherwise.",
    ),
    "10200028": (
        "The delayTime is less than zero.",
        "taskpool.executeDelayed got a negative delay",
        "Pass a delay of zero or more.",
    ),
    "10200029": (
        "An ArrayBuffer cannot be set as both a transfer list and a clone list.",
        "the same ArrayBuffer is in a task's transfer list and its clone list",
        "Put each ArrayBuffer in only one of setTransferList and setCloneList.",
    ),
    "10200030": (
        "The lock does not exist.",
        "an async lock was asked for by a name that does not exist",
        "Use the name the lock was created with.",
    ),
    "10200031": (
        "Timeout exceeded.",
        "lockAsync could not take the lock in time: most likely a deadlock",
        "Look for locks taken in a cycle; catch the error of lockAsync, whose message lists "
        "the async locks and possible deadlocks.",
    ),
    "10200034": (
        "The executed task does not support the registration of listeners.",
        "a listener was registered on a task after it was executed",
        "Register the task's listeners before executing it.",
    ),
    "10200035": (
        "The doWrite method has not been implemented.",
        "a Writable subclass has no doWrite",
        "Implement doWrite in the class that extends Writable.",
    ),
    "10200036": (
        "The stream has been ended.",
        "data was written to a stream after end()",
        "Do not write after end(): reorder the calls.",
    ),
    "10200037": (
        "The callback is invoked multiple times consecutively.",
        "doWrite called its callback more than once for one write",
        "Call doWrite's callback exactly once per write.",
    ),
    "10200038": (
        "The doRead method has not been implemented.",
        "a Readable subclass has no doRead",
        "Implement doRead in the class that extends Readable.",
    ),
    "10200039": (
        "The doTransform method has not been implemented for a class that inherits from Transform.",
        "a Transform subclass has no doTransform",
        "Implement doTransform in the class that extends Transform.",
    ),
    "10200050": (
        "The concurrent task has been executed and cannot be executed periodically.",
        "executePeriodically got a task that was already executed",
        "Run a fresh task periodically (one not executed before); catch the error otherwise.",
    ),
    "10200051": (
        "The periodic task cannot be executed again.",
        "a periodic task was executed again (execute, executeDelayed, addTask)",
        "Do not execute a periodic task by other means; catch the error otherwise.",
    ),
    "10200052": (
        "The periodic task cannot have a dependency.",
        "a dependency was added to or removed from a periodic task",
        "Do not give periodic tasks dependencies.",
    ),
    "10200054": (
        "The asyncRunner task discarded.",
        "an AsyncRunner's waiting list was full, so its oldest queued task was dropped",
        "Enlarge the AsyncRunner's waiting list, and find why its tasks run slowly.",
    ),
    "10200055": (
        "The asyncRunner task has been canceled.",
        "an AsyncRunner task was cancelled while it waited",
        "Cancel a task only once it runs, or handle the cancellation error.",
    ),
    "10200056": (
        "The task has been executed by AsyncRunner.",
        "a dependency was added to or removed from an AsyncRunner task",
        "Do not give AsyncRunner tasks dependencies.",
    ),
    "10200057": (
        "The task cannot be executed by two APIs.",
        "one task was executed by an AsyncRunner and by another API (or twice)",
        "Execute an AsyncRunner task only with asyncRunner.execute, and other tasks never with "
        "it; do not execute a task twice.",
    ),
    "10200060": (
        "Precision limit exceeded.",
        "a Decimal function went past the precision limit",
        "Set the precision first: Decimal.set({ precision: 10 }).",
    ),
    "10200061": (
        "crypto unavailable.",
        "Decimal could not use its crypto source (crypto set, or Decimal.random)",
        "Turn crypto off for Decimal: Decimal.set({ crypto: false }).",
    ),
    "10200201": (
        "Concurrent modification error.",
        "a collections container that is not concurrency-safe was changed by several threads "
        "at once",
        "Guard the shared collections container with an async lock (ArkTSUtils.locks."
        "AsyncLock) around every change.",
    ),
}


def _wording(message: str) -> re.Pattern[str]:
    parts = re.split(r"\$?\{\w+\}", message.rstrip("."))
    return re.compile(r"\S+".join(re.escape(p) for p in parts), re.IGNORECASE)


# a message alone decides only when it says enough (five words or more: "Timeout exceeded." or
# "crypto unavailable." alone could be anyone's)
_BY_WORDING = tuple(
    (code, _wording(entry[0])) for code, entry in UTILS_CODES.items() if len(entry[0].split()) >= 5
)


def reading(code: str | None, message: str) -> Reading | None:
    """The reading of a 102000xx code, or of its documented message printed without the code."""
    if code is None or code not in UTILS_CODES:
        code = next((c for c, w in _BY_WORDING if w.search(message)), None) if message else None
    if code is None:
        return None
    _, meaning, fix = UTILS_CODES[code]
    return Reading(f"{meaning} (ArkTS library error {code})", fix, certain=True)
