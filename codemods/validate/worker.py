"""Runs fixture cases in a subprocess: ``python -m codemods.validate.worker``.

The parent (runner.py) starts this module with the 8-CPU JAX environment and sends one JSON
object per line on stdin::

    {"id": 3, "dir": "/abs/fixtures/SF101/basic", "log": "/tmp/.../3.log",
     "error": "regex", "reference": "def reference(x): ...", "grad_reference": null,
     "differential": false}

For each request it answers on stdout with zero or more progress lines and one result line::

    {"id": 3, "event": "phase", "phase": "before"}
    {"id": 3, "event": "result", "status": "passed", "before": "ValueError seen", ...}

Everything the programs print (Python and C level, stdout and stderr) goes to the request's
log file, so the parent can show it even when this process hangs or dies. JAX is never imported
here directly: the programs import it, and it stays in sys.modules for the rest of the batch.

This file imports nothing from the codemods package, so the parent can run it by path.
"""
from __future__ import annotations

import contextlib
import faulthandler
import importlib.util
import itertools
import json
import os
import re
import signal
import sys
import traceback
import warnings
from typing import Any

import numpy as np

RTOL = 1e-5
ATOL = 1e-5
_counter = itertools.count()


class _Problem(Exception):
    """A check failed; the message is the table cell."""


def _short(text: str, limit: int = 120) -> str:
    line = text.strip().splitlines()[0] if text.strip() else ""
    return line if len(line) <= limit else line[: limit - 3] + "..."


def _describe(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"


def _log_exception(label: str, exc: BaseException) -> None:
    sys.stderr.write(f"\n[shardfix validate] {label}:\n")
    traceback.print_exception(exc, file=sys.stderr)
    sys.stderr.flush()


def _load_module(path: str, kind: str) -> Any:
    """Import a program file under a fresh module name (its __main__ block does not run)."""
    name = f"_shardfix_case_{next(_counter)}_{kind}"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        sys.modules.pop(name, None)
        raise
    return module


def _matching(exc: BaseException, pattern: str) -> BaseException | None:
    """The exception, or one it was raised from, whose text matches `pattern`."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if re.search(pattern, _describe(current), re.DOTALL):
            return current
        current = current.__cause__ or current.__context__
    return None


def _define(code: str, name: str) -> Any:
    namespace: dict[str, Any] = {"np": np, "numpy": np, "__name__": f"_shardfix_{name}"}
    # The case's own NumPy reference code, run by design.
    exec(compile(code, f"<case.toml {name}>", "exec"), namespace)  # noqa: S102
    fn = namespace.get(name)
    if not callable(fn):
        raise _Problem(f"case.toml `{name}` does not define {name}()")
    return fn


def _leaves(value: Any) -> list[Any]:
    if isinstance(value, (tuple, list)):
        return [leaf for item in value for leaf in _leaves(item)]
    if isinstance(value, dict):
        return [leaf for key in sorted(value, key=repr) for leaf in _leaves(value[key])]
    return [value]


def _numeric(value: Any) -> np.ndarray:
    array = np.asarray(value)
    if array.dtype == np.bool_:
        return array.astype(np.int64)
    if array.dtype.kind not in "iufc":  # e.g. bfloat16 from ml_dtypes
        return array.astype(np.float64)
    return array


def compare(got: Any, want: Any) -> tuple[bool, str]:
    """(equal, description): every leaf same shape and np.allclose(rtol=1e-5, atol=1e-5)."""
    got_leaves, want_leaves = _leaves(got), _leaves(want)
    if len(got_leaves) != len(want_leaves):
        return False, f"{len(got_leaves)} results, reference has {len(want_leaves)}"
    worst = 0.0
    worst_leaf = 0
    close = True
    for index, (g, w) in enumerate(zip(got_leaves, want_leaves)):
        try:
            g, w = _numeric(g), _numeric(w)
        except Exception as exc:  # noqa: BLE001 - report, never crash
            return False, f"result {index} is not numeric ({_short(_describe(exc))})"
        if g.shape != w.shape:
            return False, f"shape differs: result {index} {g.shape}, reference {w.shape}"
        if g.size:
            err = float(np.max(np.abs(g.astype(np.result_type(g, w, np.float64))
                                      - w.astype(np.result_type(g, w, np.float64)))))
            if not np.isnan(worst) and (np.isnan(err) or err > worst):
                worst, worst_leaf = err, index
        if not np.allclose(g, w, rtol=RTOL, atol=ATOL):
            close = False
    if close:
        return True, "ok"
    where = f" (result {worst_leaf})" if len(got_leaves) > 1 else ""
    return False, f"max abs err {worst:.3g}{where}"


def _mesh_of(value: Any) -> Any:
    """The jax.sharding.Mesh that a result of main() lives on, if any."""
    import jax

    for leaf in _leaves(value):
        mesh = getattr(getattr(leaf, "sharding", None), "mesh", None)
        if isinstance(mesh, jax.sharding.Mesh):
            return mesh
    return None


def _check_before(request: dict, case_dir: str) -> tuple[bool, str, str]:
    """(ok, cell, error text seen)."""
    pattern = request.get("error")
    path = os.path.join(case_dir, "before.py")
    if not pattern:
        return _check_before_runs(request, path)
    try:
        re.compile(pattern, re.DOTALL)
    except re.error as exc:
        raise _Problem(f"`error` is not a valid regex: {exc}") from None
    try:
        module = _load_module(path, "before")
    except BaseException as exc:  # noqa: BLE001 - an import-time error can be the expected one
        hit = _matching(exc, pattern)
        if hit is not None:
            return True, f"{type(hit).__name__} seen", _describe(hit)
        _log_exception("before.py failed at import with an unexpected error", exc)
        return False, f"other error at import: {_short(_describe(exc), 90)}", _describe(exc)
    try:
        args = module.inputs()
    except BaseException as exc:  # noqa: BLE001
        _log_exception("before.py inputs() failed", exc)
        return False, f"inputs() failed: {_short(_describe(exc), 90)}", _describe(exc)
    try:
        module.main(*args)
    except BaseException as exc:  # noqa: BLE001
        hit = _matching(exc, pattern)
        if hit is not None:
            return True, f"{type(hit).__name__} seen", _describe(hit)
        _log_exception(f"before.py raised an error that does not match {pattern!r}", exc)
        return False, f"other error: {_short(_describe(exc), 90)}", _describe(exc)
    sys.stderr.write(f"\n[shardfix validate] before.py ran without error; expected {pattern!r}\n")
    return False, "no error raised", ""


def _check_before_runs(request: dict, path: str) -> tuple[bool, str, str]:
    """A case without `error` (e.g. a deprecated spelling that still works): before.py must run
    and give the reference values. Warnings it raises are named in the cell."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            module = _load_module(path, "before")
            got = module.main(*module.inputs())
        except BaseException as exc:  # noqa: BLE001
            _log_exception("before.py failed (case.toml has no `error`, so it should run)", exc)
            return False, f"unexpected error: {_short(_describe(exc), 90)}", _describe(exc)
    for warning in caught:  # still shown in the output
        sys.stderr.write(warnings.formatwarning(warning.message, warning.category,
                                                warning.filename, warning.lineno))
    kinds = sorted({w.category.__name__ for w in caught
                    if issubclass(w.category, (DeprecationWarning, FutureWarning))})
    ran = f"ran ({', '.join(kinds)})" if kinds else "ran"
    reference_code = request.get("reference")
    if not reference_code:
        return False, f"{ran}; no `reference` in case.toml", ""
    try:
        want = _define(reference_code, "reference")(*module.inputs())
    except BaseException as exc:  # noqa: BLE001
        _log_exception("reference() failed", exc)
        return False, f"{ran}; reference failed: {_short(_describe(exc), 70)}", ""
    ok, detail = compare(got, want)
    if not ok:
        sys.stderr.write(f"\n[shardfix validate] before.py main() returned:\n{got!r}\n"
                         f"reference returned:\n{want!r}\n")
    return ok, f"{ran}, values ok" if ok else f"{ran}, values differ: {detail}", ""


def _check_after(request: dict, case_dir: str, report_phase) -> tuple[bool, str, bool, str]:
    """(values ok, after cell, grad ok, grad cell)."""
    reference_code = request.get("reference")
    grad_code = request.get("grad_reference")
    path = os.path.join(case_dir, "after.py")
    if not os.path.exists(path):
        return False, "after.py missing", not grad_code, "-" if not grad_code else "not run"
    try:
        module = _load_module(path, "after")
    except BaseException as exc:  # noqa: BLE001
        _log_exception("after.py failed at import", exc)
        cell = f"import failed: {_short(_describe(exc), 90)}"
        return False, cell, not grad_code, "-" if not grad_code else "not run"

    values_ok, after_cell = False, ""
    got: Any = None
    if not reference_code:
        after_cell = "no `reference` in case.toml"
    else:
        try:
            got = module.main(*module.inputs())
        except BaseException as exc:  # noqa: BLE001
            _log_exception("after.py main() failed", exc)
            after_cell = f"failed: {_short(_describe(exc), 90)}"
        else:
            try:
                want = _define(reference_code, "reference")(*module.inputs())
            except _Problem as exc:
                after_cell = str(exc)
            except BaseException as exc:  # noqa: BLE001
                _log_exception("reference() failed", exc)
                after_cell = f"reference failed: {_short(_describe(exc), 80)}"
            else:
                values_ok, detail = compare(got, want)
                after_cell = "values ok" if values_ok else f"values differ: {detail}"
                if not values_ok:
                    sys.stderr.write(f"\n[shardfix validate] after.py main() returned:\n{got!r}\n"
                                     f"reference returned:\n{want!r}\n")

    if not grad_code:
        return values_ok, after_cell, True, "-"
    report_phase("grad", after=after_cell)
    loss = getattr(module, "loss", None)
    if not callable(loss):
        return values_ok, after_cell, False, "after.py has no loss()"
    try:
        import jax

        args = module.inputs()
        grad_fn = jax.grad(loss, argnums=tuple(range(len(args))))
        mesh = _mesh_of(got)
        try:
            got = grad_fn(*args)
        except Exception as exc:
            if mesh is None:
                raise
            # Explicit-mode programs may need their mesh around the whole differentiation
            # (set_mesh cannot be entered under a trace): use the mesh main()'s result lives on.
            _log_exception("jax.grad(loss) on after.py failed; trying again under "
                           "jax.set_mesh(<the mesh of main()'s result>)", exc)
            with jax.set_mesh(mesh):
                got = grad_fn(*module.inputs())
    except BaseException as exc:  # noqa: BLE001
        _log_exception("jax.grad(loss) on after.py failed", exc)
        return values_ok, after_cell, False, f"failed: {_short(_describe(exc), 80)}"
    try:
        want = _define(grad_code, "grad_reference")(*module.inputs())
    except _Problem as exc:
        return values_ok, after_cell, False, str(exc)
    except BaseException as exc:  # noqa: BLE001
        _log_exception("grad_reference() failed", exc)
        return values_ok, after_cell, False, f"grad_reference failed: {_short(_describe(exc), 70)}"
    grad_ok, detail = compare(got, want)
    if not grad_ok:
        sys.stderr.write(f"\n[shardfix validate] jax.grad(loss) gave:\n{got!r}\n"
                         f"grad_reference returned:\n{want!r}\n")
    return values_ok, after_cell, grad_ok, "ok" if grad_ok else f"differs: {detail}"


def _gradients(module: Any, args: tuple, mesh: Any) -> Any:
    """jax.grad of the program's loss over its floating-point inputs (integer ones, such as labels,
    have no gradient), under `mesh` if it needs one."""
    import jax

    argnums = tuple(i for i, arg in enumerate(args) if np.issubdtype(np.asarray(arg).dtype, np.inexact))
    grad_fn = jax.grad(module.loss, argnums=argnums)
    try:
        return grad_fn(*args)
    except Exception as exc:
        if mesh is None:
            raise
        _log_exception("jax.grad(loss) failed; trying again under jax.set_mesh(<the mesh of main()'s result>)", exc)
        with jax.set_mesh(mesh):
            return grad_fn(*args)


def _check_differential(request: dict, case_dir: str, report_phase) -> tuple[bool, str, str, str]:
    """A migration that must keep the program's meaning (case.toml `differential = true`): before.py
    and after.py both run on the same devices and inputs, and after.py must return what before.py
    returns, and the same gradients of `loss` when before.py defines one.

    Returns (ok, before cell, after cell, grad cell)."""
    def run(kind: str) -> tuple[Any, Any, str]:
        try:
            module = _load_module(os.path.join(case_dir, f"{kind}.py"), kind)
            return module, module.main(*module.inputs()), ""
        except BaseException as exc:  # noqa: BLE001
            _log_exception(f"{kind}.py failed (a differential case must run)", exc)
            return None, None, f"failed: {_short(_describe(exc), 90)}"

    before, before_out, problem = run("before")
    if problem:
        return False, problem, "not run", "-"
    before_cell, ok = "ran", True
    if request.get("reference"):
        try:
            ok, detail = compare(before_out, _define(request["reference"], "reference")(*before.inputs()))
        except BaseException as exc:  # noqa: BLE001
            _log_exception("reference() failed", exc)
            ok, detail = False, f"reference failed: {_short(_describe(exc), 70)}"
        before_cell = "ran, values ok" if ok else f"ran, values differ: {detail}"
    report_phase("after", before=before_cell)
    after, after_out, problem = run("after")
    if problem:
        return False, before_cell, problem, "-"
    same, detail = compare(after_out, before_out)
    after_cell = "same as before" if same else f"differs from before: {detail}"
    if not same:
        sys.stderr.write(f"\n[shardfix validate] before.py main() returned:\n{before_out!r}\n"
                         f"after.py main() returned:\n{after_out!r}\n")
    if not callable(getattr(before, "loss", None)):
        return ok and same, before_cell, after_cell, "-"
    report_phase("grad", after=after_cell)
    if not callable(getattr(after, "loss", None)):
        return False, before_cell, after_cell, "after.py has no loss()"
    grads = []
    for module, out in ((before, before_out), (after, after_out)):
        try:
            grads.append(_gradients(module, module.inputs(), _mesh_of(out)))
        except BaseException as exc:  # noqa: BLE001
            _log_exception(f"jax.grad(loss) on {module.__name__.rsplit('_', 1)[-1]}.py failed", exc)
            return False, before_cell, after_cell, f"failed: {_short(_describe(exc), 80)}"
    grad_same, detail = compare(grads[1], grads[0])
    if not grad_same:
        sys.stderr.write(f"\n[shardfix validate] gradients of before.py:\n{grads[0]!r}\n"
                         f"gradients of after.py:\n{grads[1]!r}\n")
    grad_cell = "same as before" if grad_same else f"differs from before: {detail}"
    return ok and same and grad_same, before_cell, after_cell, grad_cell


def _reset_jax() -> None:
    """Undo a global `jax.set_mesh(mesh)` a program may have left behind."""
    jax = sys.modules.get("jax")
    set_mesh = getattr(jax, "set_mesh", None)
    if set_mesh is None:
        return
    with contextlib.suppress(Exception):
        set_mesh(None)


def run_case(request: dict, report_phase) -> dict:
    """Check one case; never raises."""
    case_dir = request["dir"]
    result: dict[str, Any] = {"before": "-", "after": "-", "grad": "-", "error_seen": ""}
    added_path = case_dir not in sys.path
    if added_path:
        sys.path.insert(0, case_dir)
    modules_before = set(sys.modules)
    try:
        report_phase("before")
        if request.get("differential"):
            ok, result["before"], result["after"], result["grad"] = _check_differential(
                request, case_dir, report_phase)
            result["status"] = "passed" if ok else "failed"
            return result
        try:
            before_ok, result["before"], result["error_seen"] = _check_before(request, case_dir)
        except _Problem as exc:
            before_ok, result["before"] = False, str(exc)
        report_phase("after", before=result["before"])
        if request.get("fix", True):
            values_ok, result["after"], grad_ok, result["grad"] = _check_after(
                request, case_dir, report_phase)
        else:  # a rule that only reports: proving the error is the whole case
            values_ok, result["after"], grad_ok = True, "no fix (reported only)", True  # runner.NO_FIX
        result["status"] = "passed" if before_ok and values_ok and grad_ok else "failed"
    except BaseException as exc:  # noqa: BLE001 - the worker itself must survive
        _log_exception("validator error", exc)
        result["status"] = "failed"
        result["after"] = f"validator error: {_short(_describe(exc), 80)}"
    finally:
        _reset_jax()
        if added_path:
            try:
                sys.path.remove(case_dir)
            except ValueError:
                pass
        # Forget the programs (and modules they brought along from the case directory),
        # keep library modules such as jax loaded for the next case.
        for name in set(sys.modules) - modules_before:
            module = sys.modules.get(name)
            origin = getattr(module, "__file__", None) or ""
            if name.startswith("_shardfix_case_") or origin.startswith(case_dir + os.sep):
                sys.modules.pop(name, None)
    return result


def main() -> None:
    sys.dont_write_bytecode = True  # never leave __pycache__ in the fixtures
    # The protocol uses private copies of fds 0 and 1; the programs get /dev/null as stdin and
    # the case's log file as stdout and stderr.
    proto_in = os.fdopen(os.dup(0), "r", encoding="utf-8")
    proto_out = os.fdopen(os.dup(1), "w", encoding="utf-8", buffering=1)
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.close(devnull)
    os.dup2(2, 1)  # stray output between cases goes to the worker's stderr, not the protocol
    saved_err = os.dup(2)
    faulthandler.enable()  # fatal signals: traceback to fd 2 (the case log while a case runs)
    if hasattr(signal, "SIGUSR1"):  # the parent asks for a traceback before killing a hang
        faulthandler.register(signal.SIGUSR1, all_threads=True)

    def send(message: dict) -> None:
        proto_out.write(json.dumps(message) + "\n")
        proto_out.flush()

    for line in proto_in:
        if not line.strip():
            continue
        request = json.loads(line)
        case_id = request.get("id")
        log = open(request["log"], "ab", buffering=0)  # noqa: SIM115
        sys.stdout.flush()
        sys.stderr.flush()
        os.dup2(log.fileno(), 1)
        os.dup2(log.fileno(), 2)
        try:
            def report_phase(phase: str, _id: Any = case_id, **cells: str) -> None:
                send({"id": _id, "event": "phase", "phase": phase, **cells})

            result = run_case(request, report_phase)
        finally:
            for stream in (sys.stdout, sys.stderr):
                with contextlib.suppress(Exception):
                    stream.flush()
            sys.stdout, sys.stderr = sys.__stdout__, sys.__stderr__
            os.dup2(saved_err, 1)
            os.dup2(saved_err, 2)
            log.close()
        send({"id": case_id, "event": "result", **result})


if __name__ == "__main__":
    main()
