"""`unittest.TestCase` and its runner in a script run (script_run.py; issue 13).

Libraries test their shard_map layers the way JAX's own tests are written: a module-level base
`class JaxTestCase(unittest.TestCase)` (its `__init_subclass__` expands parameterized cases into
`test_*` methods), test classes whose class constants subclasses override, plans built in
`setUpClass`/`setUp`, `subTest` loops, and a runner that makes each test `Cls("test_name")` and
calls `.debug()` on it. The bug is in a test method; the run has to get there as Python does.

What TestCase gives a subclass, as CPython 3.11's unittest does it (the names are read off the
real class, so `dir` and `getattr` see every member; the members below are modelled, any other is
held as a member whose call stops the run):
- class creation: `__init_subclass__` stores `_classSetupFailed` and `_class_cleanups` on the new
  class (no other side effect); `setUpClass`/`tearDownClass`/`setUp`/`tearDown` do nothing;
- `Cls(methodName)`: the method must exist (ValueError) unless it is `runTest`;
- `debug()`: SkipTest when the class or the method is marked skipped, then setUp, the method,
  tearDown and the cleanups, every exception propagating (no result collects it);
- `subTest(...)`: without a result (debug) a context that only runs its block;
- `skipTest(reason)` raises SkipTest; `fail(msg)` raises the failure exception;
- `assert*`: on values the run holds exactly, the real assertion (passes, or raises
  AssertionError, which ends the test as an exception does); on values it does not know, the
  outcome is unknown: the run goes on as a run that passed it (a later line it reports raises in
  every run that reaches it), unless a handler that may catch the failure encloses it
  (narrow_handlers.py);
- `unittest.skip`/`skipIf`/`skipUnless` (a class marked, a method replaced by a wrapper that
  raises SkipTest and carries the marks), `unittest.SkipTest`, and `TestLoader().getTestCaseNames`.
`run(result)`/`__call__`, `TestResult` and `TestSuite`: unittest_results.py. Anything else of unittest
(TextTestRunner, main, assertRaises) stops the run.
"""
from __future__ import annotations

import ast
import unittest

from codemods.analysis.host_exprs import Env, Raised, guard, plain_tree
from codemods.analysis.host_objects import Bail
from codemods.analysis.modelled_objects import ModelledObject
from codemods.analysis.script_values import Bound, RunCallable, UClass, UFunc, UObj

_NOT_ASSERTIONS = frozenset({"assertRaises", "assertRaisesRegex", "assertRaisesRegexp", "assertWarns",
                             "assertWarnsRegex", "assertLogs", "assertNoLogs", "failUnlessRaises"})
_SKIP_MARKS = ("__unittest_skip__", "__unittest_skip_why__")
_REAL: unittest.TestCase | None = None


def _real_case() -> unittest.TestCase:
    global _REAL
    if _REAL is None:
        _REAL = unittest.TestCase()
    return _REAL


class Native(RunCallable, ModelledObject):
    """A member of unittest the run models: called with the instance (or the class) first."""

    __slots__ = ("act", "real")

    def __init__(self, real: object, act) -> None:
        self.real, self.act = real, act

    def __call__(self, run, args: list, kwargs: dict) -> object:
        return self.act(run, args, kwargs)

    def attribute(self, run, name: str) -> object:
        return real_attribute(self.real, name)


class Unmodelled(RunCallable, ModelledObject):
    """A member of TestCase the run does not model: there (for `dir` and `getattr`), but calling
    it or reading what it holds stops the run."""

    __slots__ = ("real",)

    def __init__(self, real: object) -> None:
        self.real = real

    def __call__(self, run, args: list, kwargs: dict) -> object:
        raise Bail

    def attribute(self, run, name: str) -> object:
        return real_attribute(self.real, name)


def real_attribute(real: object, name: str) -> object:
    """An attribute of a library function: its name, or AttributeError for one it lacks (read off
    the real object); anything else it holds is not modelled."""
    if name == "__name__" and isinstance(getattr(real, "__name__", None), str):
        return real.__name__
    if not hasattr(real, name):
        raise Raised(AttributeError(name))
    raise Bail


class PlainContext(ModelledObject):
    """A context manager whose block runs as it is: `__enter__` gives None, `__exit__` lets every
    exception through (a subTest run without a result)."""

    __slots__ = ()

    def attribute(self, run, name: str) -> object:
        raise Bail


class PropertyValue(ModelledObject):
    """A property read off its class (`getattr(cls, name)` while a test base walks `dir(cls)`):
    a `property` object, which holds no attribute its type lacks (no `__dict__`)."""

    __slots__ = ("desc",)

    def __init__(self, desc: object) -> None:
        self.desc = desc

    def attribute(self, run, name: str) -> object:
        if hasattr(property, name):
            raise Bail
        raise Raised(AttributeError(name))


def plain_enter(run, item, env) -> bool:
    """`with self.subTest(...) as found:` entered: `found` is None."""
    if item.optional_vars is not None:
        run.store(item.optional_vars, None, env)
    return True


# -- the TestCase class -----------------------------------------------------------------------------
def test_case_class(run) -> UClass:
    """The run's `unittest.TestCase` (one per run: subclasses store on their own classes only)."""
    made = run.__dict__.get("_test_case_class")
    if made is not None:
        return made
    from codemods.analysis.script_classes import Desc

    attrs: dict = {}
    for name, value in vars(unittest.TestCase).items():
        if name in ("__dict__", "__weakref__"):
            continue  # (what every plain class has: class_dirs.py)
        real = getattr(unittest.TestCase, name)
        if name in _CLASS_HOOKS:
            attrs[name] = Desc("class", Native(real, _CLASS_HOOKS[name]))
        elif name in _METHODS:
            attrs[name] = Native(real, _METHODS[name])
        elif name.startswith("assert") and name not in _NOT_ASSERTIONS and callable(value):
            attrs[name] = Native(real, _assertion(name))
        elif type(value) in (bool, int, str) or value is AssertionError:
            attrs[name] = value
        else:
            attrs[name] = Unmodelled(real)
    node = ast.ClassDef(name="TestCase", bases=[], keywords=[], body=[], decorator_list=[])
    made = run.__dict__["_test_case_class"] = UClass(node, None, attrs, "plain")
    return made


def is_test_case(run, cls: object) -> bool:
    found = run.__dict__.get("_test_case_class")
    return found is not None and type(cls) is UClass and cls.derives(found)


def _init_subclass(run, args: list, kwargs: dict) -> None:
    if len(args) != 1 or kwargs or type(args[0]) is not UClass:
        raise Bail  # (object.__init_subclass__ takes no keywords: a TypeError)
    args[0].attrs["_classSetupFailed"] = False
    args[0].attrs["_class_cleanups"] = []


def _nothing(run, args: list, kwargs: dict) -> None:
    if len(args) != 1 or kwargs:
        raise Bail


def _case(run, obj: object) -> UObj:
    if type(obj) is not UObj or not is_test_case(run, obj.cls):
        raise Bail
    return obj


def _init(run, args: list, kwargs: dict) -> None:
    if not args or len(args) > 2 or set(kwargs) - {"methodName"} or len(args) == 2 and kwargs:
        raise Bail
    obj = _case(run, args[0])
    name = args[1] if len(args) == 2 else kwargs.get("methodName", "runTest")
    if type(name) is not str:
        raise Bail
    obj.attrs["_testMethodName"] = name
    obj.attrs["_outcome"] = None
    obj.attrs["_subtest"] = None
    try:
        run.attribute(obj, name)
    except Raised as raised:
        if not isinstance(raised.error, AttributeError):
            raise
        if name != "runTest":
            raise Raised(ValueError(f"no such test method in {obj.cls.node.name}: {name}")) from None
    for held in ("_testMethodDoc", "_cleanups", "_type_equality_funcs"):
        obj.attrs[held] = Unmodelled(None)  # (read only by what the run does not model)


def _marked(run, holder: object) -> bool:
    special = run.special("builtins.getattr", [holder, "__unittest_skip__", False], {})
    if type(special) is not bool:
        raise Bail
    return special


def _debug(run, args: list, kwargs: dict) -> None:
    if len(args) != 1 or kwargs:
        raise Bail
    obj = _case(run, args[0])
    method = run.attribute(obj, run.attribute(obj, "_testMethodName"))
    if _marked(run, obj.cls) or _marked(run, method):
        why = run.special("builtins.getattr", [obj.cls, "__unittest_skip_why__", ""], {}) \
            or run.special("builtins.getattr", [method, "__unittest_skip_why__", ""], {})
        raise Raised(unittest.SkipTest(why) if plain_tree(why) else _bail())
    run.call(run.attribute(obj, "setUp"), [], {})
    run.call(method, [], {})
    run.call(run.attribute(obj, "tearDown"), [], {})
    # (the cleanups: addCleanup is not modelled, so there are none)


def _bail():
    raise Bail


def _skip_test(run, args: list, kwargs: dict) -> None:
    if len(args) != 2 or kwargs:
        raise Bail
    _case(run, args[0])
    raise Raised(unittest.SkipTest(args[1]))


def _fail(run, args: list, kwargs: dict) -> None:
    if len(args) > 2 or kwargs:
        raise Bail
    _failure(run, _case(run, args[0]))
    raise Raised(AssertionError(args[1] if len(args) == 2 else None))


def _failure(run, obj: UObj) -> None:
    if run.attribute(obj, "failureException") is not AssertionError:
        raise Bail  # (a failure exception of the class's own)


def _sub_test(run, args: list, kwargs: dict) -> PlainContext:
    if len(args) > 2:
        raise Bail
    obj = _case(run, args[0])
    if run.attribute(obj, "_outcome") is not None:
        raise Bail
    return PlainContext()


def _assertion(name: str):
    def act(run, args: list, kwargs: dict) -> None:
        from codemods.analysis.passed_steps import passed

        if not args:
            raise Bail
        _failure(run, _case(run, args[0]))
        values = [*args[1:], *kwargs.values()]
        if all(plain_tree(value) for value in values) and all(type(key) is str for key in kwargs):
            guard(getattr(_real_case(), name), *args[1:], **kwargs)
            return
        passed(run)  # (an outcome the run does not know: a run that goes on has passed it)
        return

    return act


def _run_case(run, args: list, kwargs: dict) -> object:
    from codemods.analysis.unittest_results import case_run

    return case_run(run, args, kwargs)


def _call_case(run, args: list, kwargs: dict) -> object:
    from codemods.analysis.unittest_results import case_call

    return case_call(run, args, kwargs)


_METHODS = {"__init__": _init, "debug": _debug, "run": _run_case, "__call__": _call_case, "setUp": _nothing, "tearDown": _nothing, "skipTest": _skip_test,
            "fail": _fail, "subTest": _sub_test}
_CLASS_HOOKS = {"__init_subclass__": _init_subclass, "setUpClass": _nothing, "tearDownClass": _nothing}


# -- the module's other members -------------------------------------------------------------------
class _Identity(RunCallable):
    __slots__ = ()

    def __call__(self, run, args: list, kwargs: dict) -> object:
        if len(args) != 1 or kwargs:
            raise Bail
        return args[0]


class _Skip(RunCallable):
    """`unittest.skip(reason)`: marks a class; replaces a function by one that raises SkipTest."""

    __slots__ = ("reason",)

    def __init__(self, reason: object) -> None:
        self.reason = reason

    def __call__(self, run, args: list, kwargs: dict) -> object:
        if len(args) != 1 or kwargs:
            raise Bail
        item = args[0]
        if type(item) is UClass:
            item.attrs["__unittest_skip__"] = True
            item.attrs["__unittest_skip_why__"] = self.reason
            return item
        if type(item) is not UFunc:
            raise Bail
        from codemods.analysis.script_functions import set_function_attribute
        from codemods.analysis.wrapped_callables import update_wrapper

        wrapper = update_wrapper(run, _skip_wrapper(run, self.reason), item)
        set_function_attribute(run, wrapper, "__unittest_skip__", True)
        set_function_attribute(run, wrapper, "__unittest_skip_why__", self.reason)
        return wrapper


_WRAPPER = ast.parse("def skip_wrapper(*args, **kwargs):\n    raise SkipTest(reason)\n").body[0]


def _skip_wrapper(run, reason: object) -> UFunc:
    env = Env(run.module_env, frozenset({"SkipTest", "reason"}))
    env.vars.update(SkipTest=unittest.SkipTest, reason=reason)
    return run.make_function(_WRAPPER, env, env)


def _skip(run, args: list, kwargs: dict) -> object:
    if len(args) != 1 or kwargs:
        raise Bail
    if type(args[0]) in (UFunc, UClass):
        raise Bail  # (`@unittest.skip` without a reason: not modelled)
    return _Skip(args[0])


def _skip_if(unless: bool):
    def act(run, args: list, kwargs: dict) -> object:
        if len(args) != 2 or kwargs or not plain_tree(args[0]):
            raise Bail  # (a condition the run does not know)
        return _Skip(args[1]) if bool(args[0]) is not unless else _Identity()

    return act


class Loader(ModelledObject):
    """`unittest.TestLoader()`: its `getTestCaseNames`."""

    __slots__ = ()

    def attribute(self, run, name: str) -> object:
        if name == "getTestCaseNames":
            return Native(unittest.TestLoader.getTestCaseNames, _test_names)
        raise Bail


def _test_names(run, args: list, kwargs: dict) -> list:
    """The names `TestLoader.getTestCaseNames(cls)` lists: the members of `dir(cls)` starting
    with "test" whose value is callable, sorted."""
    from codemods.analysis.class_dirs import class_dir
    from codemods.analysis.script_classes import class_attribute

    if len(args) != 1 or kwargs or type(args[0]) is not UClass:
        raise Bail
    cls = args[0]
    names = []
    for name in class_dir(run, [cls], {}):
        if not name.startswith("test"):
            continue
        value = class_attribute(run, cls, name)
        if type(value) in (UFunc, Bound, Native, UClass):
            names.append(name)
        elif not (value is None or type(value) in (bool, int, float, str, tuple, list, dict, PropertyValue)):
            raise Bail  # (whether it is callable: not modelled)
    return sorted(names)


def _loader(run, args: list, kwargs: dict) -> Loader:
    if args or kwargs:
        raise Bail
    return Loader()


_MEMBERS = {"skip": _skip, "skipIf": _skip_if(False), "skipUnless": _skip_if(True), "TestLoader": _loader}


def unittest_member(run, name: str) -> object:
    """`unittest.<name>`: the run's model of it, or None when it has none."""
    if name in ("unittest.TestCase", "unittest.case.TestCase"):
        return test_case_class(run)
    if name in ("unittest.SkipTest", "unittest.case.SkipTest"):
        return unittest.SkipTest
    short = name.rsplit(".", 1)[-1]
    if name in ("unittest.TestResult", "unittest.result.TestResult"):
        from codemods.analysis.unittest_results import test_result_class

        return test_result_class(run)
    if name in ("unittest.TestSuite", "unittest.suite.TestSuite"):
        from codemods.analysis.unittest_results import make_suite

        return Native(unittest.TestSuite, make_suite)
    if name.startswith("unittest.") and short in _MEMBERS:
        return Native(getattr(unittest, short), _MEMBERS[short])
    return None
