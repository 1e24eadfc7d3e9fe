"""Cross-version cases (case.toml `written-for = "X"`): before.py runs on the JAX it was written
for, after.py on the installed (target) JAX, both on 8 CPU devices, and both must compute the
same values, and the same gradients of `loss` when before.py defines one.

Each program runs in its own subprocess (`dump.py`, started with that JAX's Python), which saves
its results to a file; they are compared here with the validator's own comparison.
"""
from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from codemods.validate import envs
from codemods.validate.runner import Case, CaseResult, worker_env
from codemods.validate.worker import compare

DUMP = Path(__file__).with_name("dump.py")


class _Failed(Exception):
    pass


def written_for(case: Case) -> str | None:
    value = case.toml.get("written-for")
    return str(value) if value is not None else None


def _run(python: Path | str, program: Path, out: Path, grad: bool, timeout: float,
         env: dict[str, str]) -> tuple[list[np.ndarray], list[np.ndarray], str]:
    """(outputs, gradients, what it printed) of `program` run by `python`."""
    command = [str(python), str(DUMP), str(program), str(out), *(["grad"] if grad else [])]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, env=env,
                              cwd=program.parent)
    except subprocess.TimeoutExpired:
        raise _Failed(f"timed out after {timeout:g}s") from None
    printed = done.stdout + done.stderr
    if done.returncode != 0:
        last = [line for line in done.stderr.strip().splitlines() if line.strip()]
        raise _Failed(f"failed: {last[-1][:100] if last else f'exit {done.returncode}'}|{printed}")
    with np.load(out) as saved:
        count = lambda prefix: sum(key.startswith(prefix) for key in saved.files)  # noqa: E731
        return ([saved[f"out{i}"] for i in range(count("out"))],
                [saved[f"grad{i}"] for i in range(count("grad"))], printed)


def run_case(case: Case, timeout: float = 120.0, env: dict[str, str] | None = None,
             envs_root: Path | None = None) -> CaseResult:
    start = time.monotonic()
    version = written_for(case) or ""
    result = CaseResult(case.code, case.name, "failed")
    try:
        old_python = envs.python_for(version, envs_root)
    except envs.EnvError as exc:
        result.before = f"no jax {version}: {exc}"
        result.output = str(exc)
        return result
    full_env = worker_env(env)
    grad = "loss" in (case.dir / "before.py").read_text(encoding="utf-8")
    with tempfile.TemporaryDirectory(prefix="shardfix-xversion-") as tmp:
        try:
            before_out, before_grad, printed = _run(old_python, case.dir / "before.py", Path(tmp) / "before.npz",
                                                    grad, timeout, full_env)
        except _Failed as exc:
            cell, _, printed = str(exc).partition("|")
            result.before, result.output = f"jax {version}: {cell}", printed
            result.seconds = time.monotonic() - start
            return result
        result.before = f"ran on jax {version}"
        if not case.fixes:
            result.status, result.after = "passed", "no fix (reported only)"
            result.seconds = time.monotonic() - start
            return result
        try:
            after_out, after_grad, printed_after = _run(sys.executable, case.dir / "after.py", Path(tmp) / "after.npz",
                                                        grad, timeout, full_env)
        except _Failed as exc:
            cell, _, printed_after = str(exc).partition("|")
            result.after, result.output = cell, printed + printed_after
            result.seconds = time.monotonic() - start
            return result
    same, detail = compare(after_out, before_out)
    result.after = "same as before" if same else f"differs from before: {detail}"
    grad_same = True
    if before_grad or after_grad:
        grad_same, detail = compare(after_grad, before_grad)
        result.grad = "same as before" if grad_same else f"differs from before: {detail}"
    result.status = "passed" if same and grad_same else "failed"
    result.output = printed + printed_after
    result.seconds = time.monotonic() - start
    return result
