"""`queue.Queue`, `LifoQueue`, `PriorityQueue` and `SimpleQueue` in a script run (script_run.py;
issue 13), used by one thread (the run models no other: script_threads.py runs a thread's target
whole where it is started).

A job runner queues its layouts (`jobs.put(("data", "model"))`) and takes them back with
`jobs.get()`. What the queue module documents, for one thread: `get` hands out the oldest item
(the newest for a LifoQueue, the smallest for a PriorityQueue, by `heapq`), `get_nowait` (or
`get(block=False)`) on an empty queue raises `queue.Empty`, `put_nowait` on a full bounded one
raises `queue.Full`; `qsize`, `empty`, `full`, `task_done` and `join` as counted. A blocking
`get` on an empty queue, a blocking `put` on a full one, or a `join` with unfinished tasks would
wait for another thread forever: the run stops there (Bail), as it does for a timeout. A
PriorityQueue compares its items: plain ones only.
"""
from __future__ import annotations

import heapq
import queue

from codemods.analysis.host_exprs import Raised, plain_tree
from codemods.analysis.host_objects import Bail
from codemods.analysis.modelled_objects import ModelledObject
from codemods.analysis.script_values import RunCallable

_METHODS = frozenset({"put", "put_nowait", "get", "get_nowait", "qsize", "empty", "full", "task_done", "join"})


class QueueObj(ModelledObject):
    __slots__ = ("items", "kind", "maxsize", "unfinished")

    def __init__(self, kind: str, maxsize: int) -> None:
        self.kind, self.maxsize, self.items, self.unfinished = kind, maxsize, [], 0

    def attribute(self, run, name: str) -> object:
        if name in _METHODS and not (self.kind == "simple" and name in ("full", "task_done", "join")):
            return QueueMethod(self, name)
        if name == "maxsize" and self.kind != "simple":
            return self.maxsize
        raise Bail

    def call(self, run, name: str, args: list, kwargs: dict) -> object:
        if name in ("qsize", "empty", "full", "task_done", "join"):
            if args or kwargs:
                raise Bail
            return self.counted(name)
        nowait = name.endswith("_nowait")
        given = dict(kwargs)
        if name.startswith("put"):
            if not args or len(args) > (1 if nowait else 3):
                raise Bail
            item, rest = args[0], args[1:]
        else:
            if len(args) > (0 if nowait else 2):
                raise Bail
            item, rest = None, args
        options = dict(zip(("block", "timeout"), rest))
        if set(options) & set(given) or not set(given) <= {"block", "timeout"} or given.get("timeout", options.get("timeout")) is not None:
            raise Bail
        block = not nowait and bool({**options, **given}.get("block", True))
        return self.put(item, block) if name.startswith("put") else self.get(block)

    def counted(self, name: str) -> object:
        if name == "qsize":
            return len(self.items)
        if name == "empty":
            return not self.items
        if name == "full":
            return 0 < self.maxsize <= len(self.items)
        if name == "task_done":
            if self.unfinished <= 0:
                raise Raised(ValueError("task_done() called too many times"))
            self.unfinished -= 1
            return None
        if self.unfinished:
            raise Bail  # (`join` waits for another thread forever)
        return None

    def put(self, item: object, block: bool) -> None:
        if 0 < self.maxsize <= len(self.items) and self.kind != "simple":
            if block:
                raise Bail  # (waits for another thread forever)
            raise Raised(queue.Full())
        if self.kind == "priority":
            if not plain_tree(item) or not all(type(old) is type(item) for old in self.items):
                raise Bail  # (items compared by the program's own methods, or of kinds that may not compare)
            heapq.heappush(self.items, item)
        else:
            self.items.append(item)
        self.unfinished += 1

    def get(self, block: bool) -> object:
        if not self.items:
            if block:
                raise Bail  # (waits for another thread forever)
            raise Raised(queue.Empty())
        if self.kind == "priority":
            return heapq.heappop(self.items)
        return self.items.pop() if self.kind == "lifo" else self.items.pop(0)


class QueueMethod(RunCallable):
    __slots__ = ("name", "owner")

    def __init__(self, owner: QueueObj, name: str) -> None:
        self.owner, self.name = owner, name

    def __call__(self, run, args: list, kwargs: dict) -> object:
        return self.owner.call(run, self.name, args, kwargs)


def _maker(kind: str):
    def make(run, args: list, kwargs: dict) -> QueueObj:
        given = dict(zip(("maxsize",), args), **kwargs)
        if len(args) > 1 or set(given) - {"maxsize"} or kind == "simple" and given \
                or type(given.get("maxsize", 0)) is not int:
            raise Bail
        return QueueObj(kind, given.get("maxsize", 0))
    return make


LIBRARY = {"queue.Queue": _maker("fifo"), "queue.LifoQueue": _maker("lifo"), "queue.PriorityQueue": _maker("priority"),
           "queue.SimpleQueue": _maker("simple")}
