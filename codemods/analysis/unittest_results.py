"""`unittest.TestResult`, `unittest.TestSuite` and `TestCase.run(result)` in a script run
(unittest_cases.py, script_run.py; issue 13).

A test module written as JAX's own suites are pastes a runner: `suite = unittest.TestSuite(cls(n)
for n in names)`, `result = suite.run(Keep())` with a result class of its own (`class
Keep(unittest.TestResult)` overriding `addError`, `addFailure = addError`) that keeps the
exception objects, then `raise result.raised[0]`. What CPython 3.11's unittest does there,
modelled:
- `TestResult()`: its counters and lists (`testsRun`, `errors`, `failures`, `skipped`, ...,
  `shouldStop`, `failfast`, `buffer` False); `startTest` counts, `addError`/`addFailure` append
  `(test, text)` (the traceback's text: held, reading it stops the run) and stop when `failfast`
  is set, `addSkip` appends `(test, reason)`, `addSuccess`/`stopTest`/`startTestRun`/
  `stopTestRun` do nothing the run needs, `wasSuccessful`, `stop`; any other member is held as
  one whose call stops the run. The methods a subclass overrides are the ones called.
- `TestSuite(tests)`: the tests (cases of a module's TestCase class; a nested suite, a test of
  another kind stops the run); `run(result)`: per test, `shouldStop` checked, the class fixtures
  (`setUpClass` once when the class changes, not for a skipped class; the previous class's
  `tearDownClass` when it changes and at the end), then `test(result)`. A module with
  `setUpModule`/`tearDownModule`, a class fixture that raises, or `debug=True` stops the run.
- `case.run(result)` (and `case(result)`): `startTest`; a skipped class or method files a skip;
  else `setUp`, the method (when setUp passed), `tearDown`, each part's exception filed as CPython
  files it (SkipTest: `addSkip`; an instance of `failureException`: `addFailure`; any other:
  `addError` with `(type, value, traceback)`; KeyboardInterrupt goes on); `addSuccess` when all
  passed; `stopTest`. `expectedFailure`, cleanups and `subTest` under a result stop the run.
JAX's error at a stop inside a test is caught there as a handler catching it would
(caught_stops.py): filed by `addError` with the exception object the program may keep and raise
again; its type is unknown (it is no `failureException`, AssertionError). A step of unknown
outcome inside a test (an assertion on computed arrays) is caught the same way when it fails:
the run goes on past it (as a run that passed it) only when the result files failures and errors
with one method of the module's (`addFailure = addError`) and the module names no exit
(collected_errors.py): a failure is then kept exactly as the stop is. As for collected_errors.py's
runners, the step either passes or ends the program with an exception; the stop is reported only
when the run sees the program end raising it. Left open (not read): code after the suite that
tells a kept AssertionError from JAX's error and ends quietly on the first (no form or set has it).
"""
from __future__ import annotations

import ast
import unittest

from codemods.analysis.host_exprs import Raised
from codemods.analysis.host_objects import Bail
from codemods.analysis.modelled_objects import ModelledObject
from codemods.analysis.script_values import GatherStop, Opaque, UClass, UFunc, UObj
from codemods.analysis.unittest_cases import Native, Unmodelled, is_test_case

_RESULT_CLASS = "_test_result_class"


# -- TestResult ---------------------------------------------------------------------------------
def test_result_class(run) -> UClass:
    """The run's `unittest.TestResult` (one per run)."""
    made = run.__dict__.get(_RESULT_CLASS)
    if made is not None:
        return made
    attrs: dict = {}
    for name, value in vars(unittest.TestResult).items():
        if name in ("__dict__", "__weakref__"):
            continue
        if name in _RESULT_METHODS:
            attrs[name] = Native(getattr(unittest.TestResult, name), _RESULT_METHODS[name])
        elif value is None or type(value) in (bool, int, str):
            attrs[name] = value  # (`_previousTestClass`, `_testRunEntered`, `_moduleSetUpFailed`)
        else:
            attrs[name] = Unmodelled(getattr(unittest.TestResult, name))
    node = ast.ClassDef(name="TestResult", bases=[], keywords=[], body=[], decorator_list=[])
    made = run.__dict__[_RESULT_CLASS] = UClass(node, None, attrs, "plain")
    return made


def _result(run, obj: object) -> UObj:
    found = run.__dict__.get(_RESULT_CLASS)
    if found is None or type(obj) is not UObj or not obj.cls.derives(found):
        raise Bail
    return obj


def _result_init(run, args: list, kwargs: dict) -> None:
    if not args or len(args) > 4 or set(kwargs) - {"stream", "descriptions", "verbosity"}:
        raise Bail
    obj = _result(run, args[0])
    obj.attrs.update(failfast=False, failures=[], errors=[], testsRun=0, skipped=[], expectedFailures=[],
                     unexpectedSuccesses=[], shouldStop=False, buffer=False, tb_locals=False,
                     _stdout_buffer=None, _stderr_buffer=None, _mirrorOutput=False)
    obj.attrs.update(_original_stdout=Unmodelled(None), _original_stderr=Unmodelled(None))


def _own(args: list, count: int) -> None:
    if len(args) != count:
        raise Bail


def _start_test(run, args: list, kwargs: dict) -> None:
    _own(args, 2)
    if kwargs:
        raise Bail
    obj = _result(run, args[0])
    count = run.attribute(obj, "testsRun")
    if type(count) is not int or run.attribute(obj, "buffer") is not False:
        raise Bail  # (a buffered result swaps sys.stdout: not modelled)
    obj.attrs["testsRun"] = count + 1
    obj.attrs["_mirrorOutput"] = False


def _quiet(count: int):
    def act(run, args: list, kwargs: dict) -> None:
        _own(args, count)
        if kwargs:
            raise Bail
        _result(run, args[0])
    return act


def _stop_test(run, args: list, kwargs: dict) -> None:
    _quiet(2)(run, args, kwargs)
    args[0].attrs["_mirrorOutput"] = False


def _filing(list_name: str):
    def act(run, args: list, kwargs: dict) -> None:
        _own(args, 3)
        if kwargs:
            raise Bail
        obj = _result(run, args[0])
        _failfast(run, obj)
        held = run.attribute(obj, list_name)
        if type(held) is not list:
            raise Bail
        held.append((args[1], Unmodelled(None)))  # (the traceback's text: not modelled)
        obj.attrs["_mirrorOutput"] = True
    return act


def _failfast(run, obj: UObj) -> None:
    flag = run.special("builtins.getattr", [obj, "failfast", False], {})
    if type(flag) is not bool:
        raise Bail
    if flag:
        run.call(run.attribute(obj, "stop"), [], {})


def _add_skip(run, args: list, kwargs: dict) -> None:
    _own(args, 3)
    if kwargs:
        raise Bail
    held = run.attribute(_result(run, args[0]), "skipped")
    if type(held) is not list:
        raise Bail
    held.append((args[1], args[2]))


def _was_successful(run, args: list, kwargs: dict) -> bool:
    _own(args, 1)
    obj = _result(run, args[0])
    held = [run.attribute(obj, name) for name in ("failures", "errors", "unexpectedSuccesses")]
    if kwargs or any(type(value) is not list for value in held):
        raise Bail
    return all(len(value) == 0 for value in held)


def _stop(run, args: list, kwargs: dict) -> None:
    _own(args, 1)
    if kwargs:
        raise Bail
    _result(run, args[0]).attrs["shouldStop"] = True


_RESULT_METHODS = {"__init__": _result_init, "startTest": _start_test, "stopTest": _stop_test,
                   "startTestRun": _quiet(1), "stopTestRun": _quiet(1), "addSuccess": _quiet(2),
                   "addError": _filing("errors"), "addFailure": _filing("failures"), "addSkip": _add_skip,
                   "wasSuccessful": _was_successful, "stop": _stop}


# -- TestCase.run(result) ---------------------------------------------------------------------------
class _Filed:
    """Stands for the runner's own `except:` in `narrow_handlers.catching` while a test part runs."""

    __slots__ = ("result",)

    def __init__(self, result: UObj) -> None:
        self.result = result


def files_failures(run, entry: _Filed) -> bool:
    """A failure of a step the run does not know is filed as JAX's error is (see the top)."""
    from codemods.analysis.collected_errors import _exits_quietly
    from codemods.analysis.script_classes import class_attribute

    cls = entry.result.cls
    error, failure = class_attribute(run, cls, "addError"), class_attribute(run, cls, "addFailure")
    return type(error) is UFunc and error is failure and not _exits_quietly(run.tree)


def case_run(run, args: list, kwargs: dict) -> object:
    from codemods.analysis.unittest_cases import _case, _marked

    if len(args) != 2 or kwargs:
        raise Bail  # (a case run without a result makes its own and calls startTestRun: not modelled)
    obj, result = _case(run, args[0]), _result(run, args[1])
    _call(run, result, "startTest", obj)
    method = run.attribute(obj, run.attribute(obj, "_testMethodName"))
    if _marked(run, obj.cls) or _marked(run, method):
        why = run.special("builtins.getattr", [obj.cls, "__unittest_skip_why__", ""], {}) \
            or run.special("builtins.getattr", [method, "__unittest_skip_why__", ""], {})
        _call(run, result, "addSkip", obj, why)
        _call(run, result, "stopTest", obj)
        return result
    for holder in (obj, method):
        if run.special("builtins.getattr", [holder, "__unittest_expecting_failure__", False], {}) is not False:
            raise Bail
    obj.attrs["_outcome"] = Unmodelled(None)  # (subTest under a result: not modelled)
    success = _part(run, result, obj, lambda: run.call(run.attribute(obj, "setUp"), [], {}))
    if success:
        success = _part(run, result, obj, lambda: _test_method(run, method))
        success = _part(run, result, obj, lambda: run.call(run.attribute(obj, "tearDown"), [], {})) and success
    found = obj.cls.lookup("doCleanups")
    if found is None or type(found[1]) is not Unmodelled or "doCleanups" in obj.attrs:
        raise Bail  # (a class's own doCleanups)
    if success:
        _call(run, result, "addSuccess", obj)
    obj.attrs["_outcome"] = None
    _call(run, result, "stopTest", obj)
    return result


def _test_method(run, method: object) -> None:
    if run.call(method, [], {}) is not None:
        raise Bail  # (a DeprecationWarning, which a warnings filter may make an error)


def _call(run, obj: UObj, name: str, *args) -> object:
    return run.call(run.attribute(obj, name), list(args), {})


def _part(run, result: UObj, obj: UObj, thunk) -> bool:
    """One of `testPartExecutor`'s blocks: True when it ran to its end."""
    from codemods.analysis import caught_stops
    from codemods.analysis.unittest_cases import _failure
    from codemods.analysis.narrow_handlers import release_handlers

    entry = ([_Filed(result)], None)
    run.guarded += 1
    run.__dict__.setdefault("catching", []).append(entry)
    try:
        thunk()
        return True
    except GatherStop as stop:
        if stop.call is None or getattr(stop, "problem", True) is None or stop.__dict__.get("uncleaned"):
            raise Bail from None
        run.__dict__["_caught_stop"] = True
        run.judge = None  # (later operations are not judged: caught_stops.py)
        error: BaseException = caught_stops.StopError(stop)
    except Raised as raised:
        error = raised.error
    finally:
        release_handlers(run, entry)
    if isinstance(error, KeyboardInterrupt):
        raise Raised(error)
    if isinstance(error, unittest.SkipTest):
        if not all(type(arg) is str for arg in error.args):
            raise Bail
        _call(run, result, "addSkip", obj, str(error))
        return False
    if caught_stops.is_stop(error):
        _failure(run, obj)  # (failureException is AssertionError, no base of JAX's error)
        _call(run, result, "addError", obj, (Opaque(), error, Unmodelled(None)))
        return False
    failure = run.attribute(obj, "failureException")
    if not (isinstance(failure, type) and issubclass(failure, BaseException)):
        raise Bail
    name = "addFailure" if isinstance(error, failure) else "addError"
    _call(run, result, name, obj, (type(error), error, Unmodelled(None)))
    return False


def case_call(run, args: list, kwargs: dict) -> object:
    """`case(result)`: TestCase.__call__ runs `self.run(*args, **kwds)`."""
    from codemods.analysis.unittest_cases import _case

    if not args:
        raise Bail
    return run.call(run.attribute(_case(run, args[0]), "run"), args[1:], kwargs)


# -- TestSuite ------------------------------------------------------------------------------------
class Suite(ModelledObject):
    """`unittest.TestSuite(tests)`: its tests, in order."""

    __slots__ = ("tests",)

    def __init__(self) -> None:
        self.tests: list = []

    def attribute(self, run, name: str) -> object:
        if name in _SUITE_METHODS:
            return Native(getattr(unittest.TestSuite, name), lambda run, args, kwargs: _SUITE_METHODS[name](run, self, args, kwargs))
        raise Bail


def _add_tests(run, suite: Suite, args: list, kwargs: dict) -> None:
    if len(args) != 1 or kwargs or type(args[0]) is str:
        raise Bail
    for test in run.iterate(args[0]):
        _add_test(run, suite, [test], {})


def _add_test(run, suite: Suite, args: list, kwargs: dict) -> None:
    if len(args) != 1 or kwargs or type(args[0]) is not UObj or not is_test_case(run, args[0].cls):
        raise Bail  # (a nested suite, a function: not modelled)
    suite.tests.append(args[0])


def _count(run, suite: Suite, args: list, kwargs: dict) -> int:
    if args or kwargs:
        raise Bail
    return len(suite.tests)


def _suite_run(run, suite: Suite, args: list, kwargs: dict) -> object:
    if len(args) != 1 or kwargs:
        raise Bail  # (`debug=True`: not modelled)
    result = _result(run, args[0])
    if "setUpModule" in run.module_env.vars or "tearDownModule" in run.module_env.vars:
        raise Bail
    top = run.special("builtins.getattr", [result, "_testRunEntered", False], {}) is False
    if top:
        result.attrs["_testRunEntered"] = True
    for test in list(suite.tests):
        stop = run.attribute(result, "shouldStop")
        if type(stop) is not bool:
            raise Bail
        if stop:
            break
        _class_change(run, result, test.cls)
        failed = run.special("builtins.getattr", [test.cls, "_classSetupFailed", False], {})
        if failed is not False:
            raise Bail
        run.call(run.attribute(test, "__call__"), [result], {})  # (`test(result)`: its class's __call__)
    if top:
        _class_change(run, result, None)
        result.attrs["_testRunEntered"] = False
    return result


def _class_change(run, result: UObj, current: UClass | None) -> None:
    """`_tearDownPreviousClass` then `_handleClassSetUp` (for a test of class `current`)."""
    from codemods.analysis.unittest_cases import _marked

    previous = run.special("builtins.getattr", [result, "_previousTestClass", None], {})
    if previous is current:
        return
    if previous is not None:
        if type(previous) is not UClass:
            raise Bail
        if not _marked(run, previous):
            _fixture(run, previous, "tearDownClass")
    if current is None:
        return
    result.attrs["_moduleSetUpFailed"] = False
    if not _marked(run, current):
        if current.meta is not None and current.meta.lookup("__setattr__") is not None:
            raise Bail
        current.attrs["_classSetupFailed"] = False
        _fixture(run, current, "setUpClass")
    result.attrs["_previousTestClass"] = current


def _fixture(run, cls: UClass, name: str) -> None:
    try:
        run.call(run.attribute(cls, name), [], {})
    except (GatherStop, Raised):
        raise Bail from None  # (filed under an _ErrorHolder: not modelled)


_SUITE_METHODS = {"addTest": _add_test, "addTests": _add_tests, "countTestCases": _count, "run": _suite_run,
                  "__call__": _suite_run}


def make_suite(run, args: list, kwargs: dict) -> Suite:
    if len(args) > 1 or set(kwargs) - {"tests"} or args and kwargs:
        raise Bail
    suite = Suite()
    tests = args[0] if args else kwargs.get("tests", ())
    _add_tests(run, suite, [tests], {})
    return suite
