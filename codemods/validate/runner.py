"""`shardfix validate`: run every fixture case and check what it claims.

For each case directory (``fixtures/<CODE>/<case>/`` with before.py, after.py, case.toml):

1. ``before.py``'s ``main(*inputs())`` (or its import) raises the error that case.toml's
   ``error`` regex describes;
2. ``after.py``'s ``main(*inputs())`` returns the values of case.toml's NumPy ``reference``;
3. when case.toml has ``grad_reference``: ``jax.grad(loss)`` of after.py matches it.

A case.toml with ``written-for = "X"`` is a migration proven across versions instead
(crossversion.py): before.py runs on jax X, after.py on the installed JAX, same results.

A case.toml with ``differential = true`` (a migration that must keep the program's meaning, e.g.
pmap -> shard_map) runs both programs instead: before.py must run (and match ``reference`` when
given), after.py must return the same values, and the same gradients of ``loss`` when before.py
defines one.

A case.toml with ``fix = false`` belongs to a rule that only reports: it has no after.py and
step 1 is the whole case.

JAX only ever runs in worker subprocesses (``codemods/validate/worker.py``) started with 8 CPU
devices; one worker runs a batch of cases, so JAX is imported once per batch. A case that hangs
past the timeout or kills its worker fails alone: a fresh worker takes the rest of the batch.
"""
from __future__ import annotations

import contextlib
import importlib.util
import itertools
import json
import math
import os
import queue
import signal
import subprocess
import sys
import tempfile
import threading
import time
import tomllib
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import field
from codemods.dataclass_code import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

WORKER = Path(__file__).with_name("worker.py")
DEVICE_COUNT = 8
DEVICE_FLAG = "--xla_force_host_platform_device_count"
SKIPPED_DIRS = frozenset({"clean", "demo", "__pycache__"})
NO_FIX = "no fix (reported only)"  # the after cell of a case.toml with `fix = false`
SAME = "same as before"  # the after and gradient cells of a differential case that passed
OUTPUT_LIMIT = 20_000  # characters of captured output kept per failed case (the tail)
_worker_numbers = itertools.count()  # names the workers' stderr files


# --------------------------------------------------------------------------- data


@dataclass(frozen=True)
class Case:
    code: str  # the rule, e.g. "SF101"
    name: str  # the case directory below the rule, e.g. "basic"
    dir: Path
    toml: dict[str, Any] = field(default_factory=dict, compare=False)
    validate: bool = True
    problem: str | None = None  # e.g. "case.toml: Expected '=' ... (line 3)"

    @property
    def error(self) -> str | None:
        return self.toml.get("error")

    @property
    def reference(self) -> str | None:
        return self.toml.get("reference")

    @property
    def grad_reference(self) -> str | None:
        return self.toml.get("grad_reference")

    @property
    def fixes(self) -> bool:
        """False for a rule that only reports (case.toml `fix = false`): there is no after.py."""
        return self.toml.get("fix", True) is not False

    @property
    def differential(self) -> bool:
        """True when after.py is checked against before.py run on the same devices."""
        return self.toml.get("differential") is True

    @property
    def label(self) -> str:
        return f"{self.code}/{self.name}"


@dataclass
class CaseResult:
    code: str
    name: str
    status: str  # "passed" | "failed" | "skipped"
    # e.g. "ValueError seen", "no error raised", "timed out after 5s"; for a case.toml without
    # `error` (an old spelling that still runs): "ran (DeprecationWarning), values ok"
    before: str = "-"
    after: str = "-"  # e.g. "values ok", "values differ: max abs err 2"
    grad: str = "-"  # "ok", "differs: max abs err ...", "-" (no grad_reference)
    seconds: float = 0.0
    output: str = ""  # what the programs printed, plus tracebacks; kept for failures
    reason: str = ""  # why a case was skipped
    error_seen: str = ""  # the text of before.py's error that matched `error`

    @property
    def label(self) -> str:
        return f"{self.code}/{self.name}"


# --------------------------------------------------------------------------- discovery


def jax_available() -> bool:
    """Whether JAX is installed, without importing it."""
    try:
        return importlib.util.find_spec("jax") is not None
    except (ImportError, ValueError):
        return False


def _code_and_name(root: Path, case_dir: Path) -> tuple[str, str]:
    parts = case_dir.relative_to(root).parts
    if not parts:  # root is itself a case directory
        return root.parent.name, root.name
    if len(parts) == 1:  # root is a rule directory such as fixtures/SF101
        return root.name, parts[0]
    return parts[0], "/".join(parts[1:])


def discover_cases(root: Path) -> list[Case]:
    """Every directory under `root` (or `root` itself) holding before.py and case.toml.

    ``clean/`` and ``demo/`` directories are skipped. A case.toml that does not parse gives a
    case with `problem` set (it fails when run) rather than an exception.
    """
    root = Path(root).resolve()
    found: list[Case] = []
    for toml_path in sorted(root.rglob("case.toml")):
        case_dir = toml_path.parent
        rel_parts = case_dir.relative_to(root).parts
        if any(part in SKIPPED_DIRS or part.startswith(".") for part in rel_parts):
            continue
        if not (case_dir / "before.py").is_file():
            continue
        code, name = _code_and_name(root, case_dir)
        problem = None
        try:
            data = tomllib.loads(toml_path.read_text(encoding="utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError, OSError) as exc:
            data, problem = {}, f"case.toml: {exc}"
        validate = data.get("validate", True)
        if not isinstance(validate, bool):
            problem = problem or f"case.toml: validate must be true or false, not {validate!r}"
            validate = True
        differential = data.get("differential", False)
        if not isinstance(differential, bool):
            problem = problem or f"case.toml: differential must be true or false, not {differential!r}"
        elif differential and ("error" in data or data.get("fix") is False):
            problem = problem or "case.toml: a differential case runs before.py: no `error`, and it needs an after.py"
        found.append(Case(code, name, case_dir, data, validate, problem))
    found.sort(key=lambda case: (case.code, case.name))
    return found


# --------------------------------------------------------------------------- environment


def worker_env(base: dict[str, str] | None = None) -> dict[str, str]:
    """`base` (default: os.environ) with JAX on 8 CPU devices; other XLA_FLAGS are kept."""
    env = dict(os.environ if base is None else base)
    kept = [flag for flag in env.get("XLA_FLAGS", "").split()
            if flag.split("=", 1)[0] != DEVICE_FLAG]
    env["XLA_FLAGS"] = " ".join([*kept, f"{DEVICE_FLAG}={DEVICE_COUNT}"])
    env["JAX_PLATFORMS"] = "cpu"
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env.setdefault("PYTHONIOENCODING", "utf-8")
    return env


# --------------------------------------------------------------------------- worker handling


class _Worker:
    """One `worker.py` subprocess and a thread that reads its answers."""

    def __init__(self, env: dict[str, str], log_dir: Path, number: int) -> None:
        self.stderr_path = log_dir / f"worker-{number}.stderr"
        self._stderr = open(self.stderr_path, "wb")  # noqa: SIM115
        self.proc = subprocess.Popen(
            [sys.executable, "-u", str(WORKER)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._stderr,
            env=env,
            text=True,
            encoding="utf-8",
            start_new_session=True,  # its own process group: a kill takes its children too
        )
        self.answers: queue.Queue[dict | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        try:
            for line in self.proc.stdout:
                try:
                    self.answers.put(json.loads(line))
                except json.JSONDecodeError:
                    continue
        except (OSError, ValueError):  # the pipe was closed after a kill
            pass
        self.answers.put(None)

    def send(self, request: dict) -> bool:
        try:
            assert self.proc.stdin is not None
            self.proc.stdin.write(json.dumps(request) + "\n")
            self.proc.stdin.flush()
            return True
        except (BrokenPipeError, OSError, ValueError):
            return False

    def stderr_text(self) -> str:
        self._stderr.flush()
        return _read_text(self.stderr_path)

    def kill(self, dump_traceback: bool = False) -> None:
        if self.proc.poll() is None:
            if dump_traceback and hasattr(signal, "SIGUSR1"):
                try:  # faulthandler in the worker writes every thread's stack to the case log
                    os.kill(self.proc.pid, signal.SIGUSR1)
                    time.sleep(0.3)
                except OSError:
                    pass
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except OSError:
                self.proc.kill()
        self.proc.wait()
        self._close()

    def close(self) -> None:
        try:
            if self.proc.stdin is not None:
                self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.kill()
        self._close()

    def _close(self) -> None:
        for stream in (self.proc.stdin, self.proc.stdout):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass
        self._stderr.close()


def _read_text(path: Path) -> str:
    try:
        return path.read_bytes().decode("utf-8", errors="replace")
    except OSError:
        return ""


def _tail(text: str, limit: int = OUTPUT_LIMIT) -> str:
    text = text.strip("\n")
    if len(text) <= limit:
        return text
    return "... (output cut) ...\n" + text[-limit:]


def _precheck(case: Case) -> CaseResult | None:
    """A result for a case that needs no worker (skipped or malformed)."""
    if not case.validate:
        reason = case.toml.get("reason") or "validate = false in case.toml"
        return CaseResult(case.code, case.name, "skipped", reason=str(reason))
    if case.problem:
        return CaseResult(case.code, case.name, "failed", before=case.problem, output=case.problem)
    return None


def _phase_cell(phase: str) -> str:
    return {"before": "before", "after": "after", "grad": "grad"}.get(phase, "after")


class _Cancel:
    """Stops every batch (and kills its worker) when the caller is interrupted."""

    def __init__(self) -> None:
        self.event = threading.Event()
        self.lock = threading.Lock()
        self.workers: set[_Worker] = set()

    def start_worker(self, env: dict[str, str], log_dir: Path) -> _Worker:
        with self.lock:
            if self.event.is_set():
                raise KeyboardInterrupt
            worker = _Worker(env, log_dir, next(_worker_numbers))
            self.workers.add(worker)
            return worker

    def forget(self, worker: _Worker) -> None:
        with self.lock:
            self.workers.discard(worker)

    def cancel(self) -> None:
        with self.lock:
            self.event.set()
            workers = list(self.workers)
        for worker in workers:
            with contextlib.suppress(Exception):  # best effort while interrupted
                worker.kill()


def _run_batch(
    batch: Sequence[tuple[int, Case]],
    *,
    timeout: float,
    env: dict[str, str],
    log_dir: Path,
    on_result: Callable[[CaseResult], None] | None,
    results: list[CaseResult | None],
    cancel: _Cancel,
) -> None:
    worker: _Worker | None = None
    try:
        for index, case in batch:
            if cancel.event.is_set():
                return
            log_path = log_dir / f"case-{index}.log"
            request = {
                "id": index,
                "dir": str(case.dir),
                "log": str(log_path),
                "error": case.error,
                "reference": case.reference,
                "grad_reference": case.grad_reference,
                "fix": case.fixes,
                "differential": case.differential,
            }
            if worker is None:
                worker = cancel.start_worker(env, log_dir)
            start = time.monotonic()
            if not worker.send(request):  # died between cases: one fresh try
                worker.kill()
                cancel.forget(worker)
                worker = cancel.start_worker(env, log_dir)
                start = time.monotonic()
                worker.send(request)
            result = _await_result(worker, case, index, start, timeout, log_path)
            if cancel.event.is_set():
                return
            if worker.proc.poll() is not None:  # crashed, or killed after a timeout
                worker.kill()
                cancel.forget(worker)
                worker = None
            results[index] = result
            if on_result is not None:
                on_result(result)
    except BaseException:
        if worker is not None:
            worker.kill()
            cancel.forget(worker)
            worker = None
        raise
    finally:
        if worker is not None:
            worker.close()
            cancel.forget(worker)


def _await_result(worker: _Worker, case: Case, index: int, start: float, timeout: float,
                  log_path: Path) -> CaseResult:
    phase = "before"
    cells = {"before": "-", "after": "-", "grad": "-"}  # filled in as the phases finish
    deadline = start + timeout
    while True:
        remaining = deadline - time.monotonic()
        try:
            answer = worker.answers.get(timeout=max(remaining, 0.0)) if remaining > 0 else None
            timed_out = remaining <= 0
        except queue.Empty:
            answer, timed_out = None, True
        seconds = time.monotonic() - start
        if timed_out:
            worker.kill(dump_traceback=True)
            cells[_phase_cell(phase)] = f"timed out after {timeout:g}s"
            output = _read_text(log_path) + (
                f"\n[shardfix validate] {case.label}: no answer within {timeout:g}s "
                f"while checking {phase}; the worker was killed\n")
            return CaseResult(case.code, case.name, "failed", seconds=seconds,
                              output=_tail(output), **cells)
        if answer is None:  # the worker died
            code = worker.proc.wait()
            cells[_phase_cell(phase)] = f"worker died ({_exit_text(code)})"
            output = _read_text(log_path) + (
                f"\n[shardfix validate] {case.label}: the worker died ({_exit_text(code)}) "
                f"while checking {phase}\n")
            stderr = worker.stderr_text().strip()
            if stderr:
                output += f"[shardfix validate] worker stderr:\n{stderr}\n"
            return CaseResult(case.code, case.name, "failed", seconds=seconds,
                              output=_tail(output), **cells)
        if answer.get("id") != index:
            continue
        if answer.get("event") == "phase":
            phase = str(answer.get("phase", phase))
            cells.update({k: str(answer[k]) for k in cells if k in answer})
            continue
        status = answer.get("status", "failed")
        return CaseResult(
            case.code,
            case.name,
            status,
            before=answer.get("before", "-"),
            after=answer.get("after", "-"),
            grad=answer.get("grad", "-"),
            seconds=seconds,
            output=_tail(_read_text(log_path)) if status != "passed" else "",
            error_seen=answer.get("error_seen", ""),
        )


def _exit_text(code: int | None) -> str:
    if code is None:
        return "still running"
    if code < 0:
        try:
            return f"signal {signal.Signals(-code).name}"
        except ValueError:
            return f"signal {-code}"
    return f"exit code {code}"


def run_cases(
    cases: Sequence[Case],
    *,
    timeout: float = 120.0,
    batch_size: int = 64,
    jobs: int = 1,
    on_result: Callable[[CaseResult], None] | None = None,
    env: dict[str, str] | None = None,
) -> list[CaseResult]:
    """Validate `cases` in worker subprocesses; results come back in the order of `cases`.

    `timeout` is per case (seconds, wall time). Up to `batch_size` cases share one worker (one
    JAX import); `jobs` workers run at once. `on_result` is called as each case finishes (from a
    worker thread when jobs > 1). `env` replaces os.environ as the base environment.
    """
    if timeout <= 0:
        raise ValueError("timeout must be positive")
    batch_size = max(1, int(batch_size))
    jobs = max(1, int(jobs))
    results: list[CaseResult | None] = [None] * len(cases)
    pending: list[tuple[int, Case]] = []
    for index, case in enumerate(cases):
        early = _precheck(case)
        if early is None and case.toml.get("written-for") is not None:
            from codemods.validate import crossversion  # before.py runs on another JAX

            early = crossversion.run_case(case, timeout, env)
        if early is None:
            pending.append((index, case))
        else:
            results[index] = early
            if on_result is not None:
                on_result(early)
    if pending:
        size = min(batch_size, math.ceil(len(pending) / jobs))
        batches = [pending[i:i + size] for i in range(0, len(pending), size)]
        full_env = worker_env(env)
        with tempfile.TemporaryDirectory(prefix="shardfix-validate-") as tmp:
            log_dir = Path(tmp)
            cancel = _Cancel()
            kwargs: dict[str, Any] = {
                "timeout": timeout, "env": full_env, "log_dir": log_dir,
                "on_result": on_result, "results": results, "cancel": cancel,
            }
            try:
                if jobs == 1 or len(batches) == 1:
                    for batch in batches:
                        _run_batch(batch, **kwargs)
                else:
                    with ThreadPoolExecutor(max_workers=jobs) as pool:
                        futures = [pool.submit(_run_batch, batch, **kwargs) for batch in batches]
                        try:
                            for future in futures:
                                future.result()
                        except BaseException:
                            cancel.cancel()
                            raise
            except BaseException:
                cancel.cancel()
                raise
    return [result for result in results if result is not None]


# --------------------------------------------------------------------------- rendering

_STATUS_STYLE = {"passed": "green", "failed": "bold red", "skipped": "yellow"}


def summary(results: Sequence[CaseResult]) -> str:
    counts = {status: sum(r.status == status for r in results)
              for status in ("passed", "failed", "skipped")}
    return f"{counts['passed']} passed, {counts['failed']} failed, {counts['skipped']} skipped"


def _cell(text: str, good: bool) -> Text:
    if text == "-":
        return Text(text, style="dim")
    return Text(text, style="green" if good else "red")


def render_table(results: Sequence[CaseResult], console: Console, *,
                 show_output: bool = True, output_lines: int = 40) -> None:
    """A table of the cases, the output of failed cases (last lines), and a summary line."""
    table = Table(title="shardfix validate", show_lines=False)
    table.add_column("rule", style="bold")
    table.add_column("case")
    table.add_column("before (error seen)")
    table.add_column("after (values)")
    table.add_column("gradient")
    table.add_column("time", justify="right")
    table.add_column("status")
    for r in results:
        if r.status == "skipped":
            before: Text = Text(f"skipped: {r.reason}" if r.reason else "skipped", style="yellow")
            after, grad = Text("-", style="dim"), Text("-", style="dim")
        else:
            before = _cell(r.before, r.before.endswith((" seen", ", values ok")) or r.before == "ran"
                           or r.before.startswith("ran on jax"))
            after = _cell(r.after, r.after in ("values ok", NO_FIX, SAME))
            grad = _cell(r.grad, r.grad in ("ok", SAME))
        table.add_row(r.code, r.name, before, after, grad,
                      f"{r.seconds:.1f}s" if r.status != "skipped" else "-",
                      Text(r.status, style=_STATUS_STYLE.get(r.status, "")))
    console.print(table)
    if show_output:
        for r in results:
            if r.status == "failed" and r.output.strip():
                lines = r.output.strip("\n").splitlines()
                if len(lines) > output_lines:
                    lines = [f"... ({len(lines) - output_lines} lines above)"] \
                        + lines[-output_lines:]
                console.rule(f"[red]{r.label}[/red] output")
                console.print(Text("\n".join(lines)), highlight=False)
    failed = any(r.status == "failed" for r in results)
    console.print(Text(summary(results), style="bold red" if failed else "bold green"))
