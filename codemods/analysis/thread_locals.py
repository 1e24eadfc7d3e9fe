"""`threading.local()` in a script run (script_run.py; issue 13).

Flax-style partitioning code keeps its logical axis rules on a thread-local namespace
(`_axis_rules = threading.local(); _axis_rules.rules = ()`, or a subclass `class _AxisRules(
threading.local): rules = ()`), set and restored by a context manager around the model code. Each
thread sees its own attributes, so the run follows such an object only in a module that runs all
its code in one thread: no name in it starts a thread, an executor, a timer or a pool, and none
hands JAX a host callback (JAX runs callbacks on threads of its own). There the object is a plain
namespace: an attribute never set is AttributeError, and a subclass is a plain class. In any
other module making one stops the run (Bail).
"""
from __future__ import annotations

import ast

from codemods.analysis.host_exprs import Raised
from codemods.analysis.host_objects import Bail
from codemods.analysis.modelled_objects import ModelledObject

# Names whose use may run the program's code in another thread.
_THREADED = frozenset({"Thread", "Timer", "ThreadPoolExecutor", "ProcessPoolExecutor", "Executor", "run_in_executor",
                       "to_thread", "start_new_thread", "callback", "pure_callback", "io_callback", "Pool",
                       "ThreadPool", "submit", "concurrent", "_thread", "multiprocessing", "host_callback", "id_tap",
                       "id_print"})
# Ways to reach a thread starter without spelling its name (`getattr(threading, "Thr" + "ead")`).
_COMPUTED_ACCESS = frozenset({"__import__", "importlib", "eval", "exec", "attrgetter", "methodcaller", "__dict__",
                              "vars", "globals", "__getattribute__"})


def single_threaded(run) -> bool:
    found = run.__dict__.get("_single_threaded")
    if found is None:
        names = set()
        for node in ast.walk(run.tree):
            if type(node) is ast.Name:
                names.add(node.id)
            elif type(node) is ast.Call and type(node.func) is ast.Name and node.func.id == "getattr":
                named = node.args[1].value if len(node.args) > 1 and type(node.args[1]) is ast.Constant else None
                # (`getattr(threading, "Thread")` names it as an attribute does; a computed text: any)
                names.add(named if type(named) is str else "__getattribute__")
            elif type(node) is ast.Attribute:
                names.add(node.attr)
            elif type(node) in (ast.Import, ast.ImportFrom):
                names.update(part for alias in node.names for part in alias.name.split("."))
                names.update(node.module.split(".") if type(node) is ast.ImportFrom and node.module else ())
        found = run.__dict__["_single_threaded"] = not names & (_THREADED | _COMPUTED_ACCESS)
    return found


class ThreadLocal(ModelledObject):
    """A `threading.local()` of a one-thread program: its attributes, as set."""

    __slots__ = ("values",)

    def __init__(self) -> None:
        self.values: dict = {}

    def attribute(self, run, name: str) -> object:
        if name.startswith("__"):
            raise Bail  # (`__dict__`, `__class__`: not modelled)
        if name not in self.values:
            raise Raised(AttributeError(name))
        return self.values[name]

    def set_attribute(self, run, name: str, value: object) -> None:
        if name.startswith("__"):
            raise Bail
        self.values[name] = value


def _made(run, args: list, kwargs: dict) -> ThreadLocal:
    if args or kwargs or not single_threaded(run):
        raise Bail
    return ThreadLocal()


LIBRARY = {"threading.local": _made}
