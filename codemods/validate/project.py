"""Validate a rewrite on the user's own project: run their test command before and after.

`compare_command` copies the project twice into a temporary directory (the working tree as it
is, without .git, virtual environments and caches), writes the rewritten files into the second
copy, runs the same command in both copies with JAX on 8 CPU devices, and compares the two
pytest JUnit reports test by test. The original tree is only read.
"""
from __future__ import annotations

import os
import shlex
import shutil
import signal
import subprocess
import tempfile
import time
import xml.etree.ElementTree as ET
from dataclasses import field
from codemods.dataclass_code import dataclass
from pathlib import Path

from rich.console import Console
from rich.table import Table
from rich.text import Text

from . import envs
from .runner import worker_env

# Directory names never copied. Virtual environments are also recognised by pyvenv.cfg.
IGNORED_DIRS = frozenset({
    ".git", ".hg", ".svn", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache",
    ".tox", ".nox", ".venv", "venv", ".eggs", "node_modules",
})
OUTPUT_LIMIT = 50_000  # characters of each run's output kept (the tail)
BAD = frozenset({"failed", "error"})


@dataclass(frozen=True)
class TestOutcome:
    outcome: str  # "passed" | "failed" | "error" | "skipped"
    message: str = ""  # first line of the failure/error/skip message


@dataclass
class CommandRun:
    """One run of the command in one copy."""

    exit_code: int | None  # None when it was killed after the timeout
    seconds: float
    timed_out: bool
    output: str  # stdout and stderr, interleaved (the tail)
    tests: dict[str, TestOutcome] = field(default_factory=dict)
    junit: str = ""  # "" when read, else why there are no per-test results

    @property
    def ok(self) -> bool:
        return self.exit_code == 0 and not self.timed_out


@dataclass(frozen=True)
class TestChange:
    test: str
    before: str  # outcome, or "absent"
    after: str
    change: str  # "fixed" | "broke" | "new failure" | "no longer runs" | "still failing" | "unchanged"
    worse: bool
    message: str = ""  # the after message when it fails, else the before one


@dataclass
class ProjectValidation:
    root: Path
    command: list[str]
    rewritten: list[str]  # paths relative to root
    before: CommandRun
    after: CommandRun
    changes: list[TestChange] = field(default_factory=list)
    before_jax: str = ""  # the JAX version the command ran on before the rewrite, when not the installed one
    after_jax: str = ""  # the installed JAX's version (the target), when before_jax is set

    def _named(self, change: str) -> list[TestChange]:
        return [c for c in self.changes if c.change == change]

    @property
    def fixed(self) -> list[TestChange]:
        return self._named("fixed")

    @property
    def broke(self) -> list[TestChange]:
        return self._named("broke")

    @property
    def still_failing(self) -> list[TestChange]:
        return self._named("still failing")

    @property
    def unchanged(self) -> list[TestChange]:
        return self._named("unchanged")

    @property
    def worse(self) -> bool:
        """Some test got worse, or the command passed before and not after, or only the
        rewritten copy timed out."""
        return (
            any(c.worse for c in self.changes)
            or (self.before.ok and not self.after.ok)
            or (self.after.timed_out and not self.before.timed_out)
        )

    def counts(self) -> dict[str, int]:
        names = ("fixed", "broke", "new failure", "no longer runs", "still failing", "unchanged")
        return {name: len(self._named(name)) for name in names}


# --------------------------------------------------------------------------- copying


def _ignore(directory: str, names: list[str]) -> set[str]:
    ignored = {name for name in names if name in IGNORED_DIRS or name.endswith((".pyc", ".pyo"))}
    for name in names:
        if name not in ignored and os.path.isfile(os.path.join(directory, name, "pyvenv.cfg")):
            ignored.add(name)  # a virtual environment under any name
    return ignored


def copy_project(root: Path, dest: Path) -> None:
    """Copy the working tree at `root` to `dest` (symlinks stay symlinks)."""
    shutil.copytree(root, dest, symlinks=True, ignore=_ignore)


def _relative(root: Path, path: Path) -> Path:
    path = Path(path)
    if path.is_absolute():
        try:
            rel = path.resolve().relative_to(root)
        except ValueError:
            try:
                rel = path.relative_to(root)
            except ValueError:
                raise ValueError(f"{path} is not inside {root}") from None
    else:
        rel = path
    if rel.is_absolute() or ".." in rel.parts or not rel.parts:
        raise ValueError(f"{path} is not inside {root}")
    return rel


def _write(dest: Path, content: str | bytes) -> None:
    if dest.is_symlink():  # never write through a link into the original tree
        dest.unlink()
    dest.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, bytes):
        dest.write_bytes(content)
    else:
        with open(dest, "w", encoding="utf-8", newline="") as handle:
            handle.write(content)


# --------------------------------------------------------------------------- running


def _is_pytest(argv: list[str]) -> bool:
    if not argv:
        return False
    program = Path(argv[0]).name.lower().removesuffix(".exe")
    if program in ("pytest", "py.test"):
        return True
    return (program.startswith("python") and len(argv) >= 3 and argv[1] == "-m"
            and argv[2] in ("pytest", "py.test"))


def _tail(text: str, limit: int = OUTPUT_LIMIT) -> str:
    return text if len(text) <= limit else "... (output cut) ...\n" + text[-limit:]


def _run(argv: list[str], cwd: Path, junit: Path, timeout: float,
         base_env: dict[str, str] | None, python: Path | None = None) -> CommandRun:
    env = worker_env(base_env)
    # Import the copy's code, not an editable install of the original tree.
    paths = [str(cwd / "src")] if (cwd / "src").is_dir() else []
    paths.append(str(cwd))
    if env.get("PYTHONPATH"):
        paths.append(env["PYTHONPATH"])
    env["PYTHONPATH"] = os.pathsep.join(paths)
    argv = list(argv)
    if python is not None:  # the old JAX's environment (--before-jax)
        argv = envs.command_on(python, argv)
        env = envs.environment_on(python, env, junit.parent / f"{junit.stem}-site")
    if _is_pytest(argv):
        argv.append(f"--junitxml={junit}")
    else:
        env["PYTEST_ADDOPTS"] = " ".join(
            part for part in (env.get("PYTEST_ADDOPTS", ""), f"--junitxml={shlex.quote(str(junit))}")
            if part)
    log_path = junit.with_suffix(".log")
    start = time.monotonic()
    timed_out = False
    with open(log_path, "wb") as log:
        try:
            proc = subprocess.Popen(argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                                    stdout=log, stderr=subprocess.STDOUT,
                                    start_new_session=True)
        except OSError as exc:
            return CommandRun(None, 0.0, False, f"cannot run {shlex.join(argv)}: {exc}",
                              junit="the command did not start")
        try:
            exit_code: int | None = proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            timed_out = True
            try:
                os.killpg(proc.pid, signal.SIGKILL)  # the command and everything it started
            except OSError:
                proc.kill()
            proc.wait()
            exit_code = None
    seconds = time.monotonic() - start
    output = log_path.read_bytes().decode("utf-8", errors="replace")
    if timed_out:
        output += f"\n[shardfix] killed after {timeout:g}s\n"
    tests, problem = parse_junit(junit)
    return CommandRun(exit_code, seconds, timed_out, _tail(output), tests, problem)


def _first_line(text: str | None) -> str:
    for line in (text or "").splitlines():
        if line.strip():
            return line.strip()
    return ""


def parse_junit(path: Path) -> tuple[dict[str, TestOutcome], str]:
    """Per-test outcomes from a JUnit XML file, and "" or why there are none."""
    if not path.exists():
        return {}, "no JUnit report (did the command run pytest?)"
    try:
        tree = ET.parse(path)
    except ET.ParseError as exc:
        return {}, f"unreadable JUnit report: {exc}"
    rank = {"passed": 0, "skipped": 1, "failed": 2, "error": 3}
    tests: dict[str, TestOutcome] = {}
    for case in tree.getroot().iter("testcase"):
        classname = case.get("classname", "")
        name = case.get("name", "")
        test = _test_id(classname, name, case.get("file"))
        outcome, message = "passed", ""
        for tag in ("error", "failure", "skipped"):
            child = case.find(tag)
            if child is not None:
                outcome = {"failure": "failed"}.get(tag, tag)
                message = _first_line(child.get("message")) or _first_line(child.text)
                break
        previous = tests.get(test)  # e.g. a call failure and a teardown error: keep the worst
        if previous is None or rank[outcome] > rank[previous.outcome]:
            tests[test] = TestOutcome(outcome, message)
    return tests, ""


def _test_id(classname: str, name: str, file: str | None) -> str:
    """pytest's node id where it can be rebuilt: tests/test_x.py::TestA::test_b[1]."""
    if not classname:
        return name
    parts = classname.split(".")
    # pytest writes classname as the module path with dots plus the class names.
    for cut in range(len(parts), 0, -1):
        module = "/".join(parts[:cut])
        if file and file.replace("\\", "/").removesuffix(".py") == module:
            return "::".join([file.replace("\\", "/"), *parts[cut:], name])
    # Without a file attribute: the lower-case parts are the module path, the rest classes.
    cut = len(parts)
    while cut > 1 and parts[cut - 1][:1].isupper():
        cut -= 1
    return "::".join(["/".join(parts[:cut]) + ".py", *parts[cut:], name])


def _compare(before: CommandRun, after: CommandRun) -> list[TestChange]:
    changes = []
    for test in sorted(set(before.tests) | set(after.tests)):
        b = before.tests.get(test)
        a = after.tests.get(test)
        bo = b.outcome if b else "absent"
        ao = a.outcome if a else "absent"
        if bo in BAD and ao == "passed":
            change, worse = "fixed", False
        elif bo == "passed" and ao in BAD:
            change, worse = "broke", True
        elif bo in BAD and ao in BAD:
            change, worse = "still failing", False
        elif ao in BAD:
            change, worse = "new failure", True
        elif bo == "passed" and ao in ("absent", "skipped"):
            change, worse = "no longer runs", True
        else:
            change, worse = "unchanged", False
        message = (a.message if a and ao in BAD else "") or (b.message if b else "")
        changes.append(TestChange(test, bo, ao, change, worse, message))
    return changes


def compare_command(
    root: Path,
    rewritten: dict[Path, str | bytes],
    cmd: str,
    *,
    timeout: float,
    env: dict[str, str] | None = None,
    before_jax: str | None = None,
    envs_root: Path | None = None,
) -> ProjectValidation:
    """Run `cmd` on a copy of `root` as it is and on a copy with `rewritten` written in.

    `rewritten` maps paths (absolute, or relative to root) to the new file contents. `cmd` is
    split with shlex and run without a shell, in the copy's root directory, with JAX on 8 CPU
    devices; each run is killed (with everything it started) after `timeout` seconds. With
    `before_jax`, the original runs on that JAX (its cached environment, made when missing:
    envs.EnvError when it cannot be) and the rewrite on the installed one.
    """
    root = Path(root).resolve()
    if not root.is_dir():
        raise NotADirectoryError(str(root))
    argv = shlex.split(cmd)
    if not argv:
        raise ValueError("empty command")
    if timeout <= 0:
        raise ValueError("timeout must be positive")
    files = {_relative(root, Path(path)): content for path, content in rewritten.items()}
    old_python = envs.python_for(before_jax, envs_root) if before_jax else None
    with tempfile.TemporaryDirectory(prefix="shardfix-project-") as tmp:
        tmp_path = Path(tmp)
        runs = {}
        for label in ("before", "after"):
            copy = tmp_path / label / root.name
            copy_project(root, copy)
            if label == "after":
                for rel, content in files.items():
                    _write(copy / rel, content)
            runs[label] = _run(argv, copy, tmp_path / f"junit-{label}.xml", timeout, env,
                               old_python if label == "before" else None)
    return ProjectValidation(
        root=root,
        command=argv,
        rewritten=sorted(str(rel) for rel in files),
        before=runs["before"],
        after=runs["after"],
        changes=_compare(runs["before"], runs["after"]),
        before_jax=before_jax or "",
        after_jax=_installed_jax() if before_jax else "",
    )


def _installed_jax() -> str:
    """The version of the JAX installed here, read from its metadata (JAX is not imported)."""
    from importlib import metadata

    try:
        return metadata.version("jax")
    except metadata.PackageNotFoundError:
        return "not installed"


# --------------------------------------------------------------------------- rendering

_CHANGE_STYLE = {
    "fixed": "green", "broke": "bold red", "new failure": "bold red",
    "no longer runs": "red", "still failing": "yellow", "unchanged": "dim",
}


def _run_text(run: CommandRun) -> str:
    if run.timed_out:
        status = f"timed out after {run.seconds:.1f}s"
    elif run.exit_code is None:
        status = "did not start"
    else:
        status = f"{'passed' if run.exit_code == 0 else 'failed'}: exit {run.exit_code} in {run.seconds:.1f}s"
    return status


def _side(pv: ProjectValidation, label: str) -> str:
    """`before` / `after`, with the JAX each ran on when the sides ran on different ones."""
    if not pv.before_jax:
        return label
    return f"{label} (jax {pv.before_jax})" if label == "before" else f"{label} (jax {pv.after_jax})"


def _count_text(pv: ProjectValidation) -> str:
    return ", ".join(f"{n} {name}" for name, n in pv.counts().items()
                     if n or name in ("fixed", "broke"))


def _verdict(pv: ProjectValidation) -> str:
    head = "WORSE after the rewrite" if pv.worse else "no regression"
    return f"{head}: {_count_text(pv)}"


def render_project_validation(pv: ProjectValidation, console: Console, *,
                              all_tests: bool = False) -> None:
    """The two runs, a table of the tests whose outcome changed (or all), and a verdict."""
    console.print(f"[bold]command[/bold] {shlex.join(pv.command)}   "
                  f"[bold]rewritten[/bold] {len(pv.rewritten)} file(s)")
    console.print(f"  {_side(pv, 'before')}: {_run_text(pv.before)}   {_side(pv, 'after')}: {_run_text(pv.after)}")
    for label, run in (("before", pv.before), ("after", pv.after)):
        if run.junit:
            console.print(f"  [yellow]{label}: {run.junit}[/yellow]")
    shown = [c for c in pv.changes if all_tests or c.change != "unchanged"]
    if shown:
        table = Table(title="tests")
        table.add_column("test")
        table.add_column("before")
        table.add_column("after")
        table.add_column("change")
        table.add_column("message", overflow="fold")
        for c in shown:
            table.add_row(c.test, c.before, c.after,
                          Text(c.change, style=_CHANGE_STYLE.get(c.change, "")),
                          Text(c.message))
        console.print(table)
    console.print(Text(_verdict(pv), style="bold red" if pv.worse else "bold green"))


def _md(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ").replace("`", "'")


def to_markdown(pv: ProjectValidation, *, all_tests: bool = False) -> str:
    """A Markdown summary and table for a pull request body."""
    lines = [
        (f"**shardfix validation**: `{_md(shlex.join(pv.command))}` "
         f"on {len(pv.rewritten)} rewritten file(s): "
         f"{'**worse after the rewrite**' if pv.worse else 'no regression'}"),
        "",
        f"- {_side(pv, 'before')}: {_run_text(pv.before)}",
        f"- {_side(pv, 'after')}: {_run_text(pv.after)}",
        f"- tests: {_count_text(pv)}",
        f"- rewritten: {', '.join(f'`{_md(p)}`' for p in pv.rewritten[:20])}"
        + (f" and {len(pv.rewritten) - 20} more" if len(pv.rewritten) > 20 else ""),
        "",
    ]
    for label, run in (("before", pv.before), ("after", pv.after)):
        if run.junit:
            lines.insert(-1, f"- {label}: {_md(run.junit)}")
    shown = [c for c in pv.changes if all_tests or c.change != "unchanged"]
    if shown:
        lines += ["| test | before | after | change | message |", "|---|---|---|---|---|"]
        for c in shown:
            change = f"**{c.change}**" if c.worse else c.change
            lines.append(f"| `{_md(c.test)}` | {c.before} | {c.after} | {change} | "
                         f"{_md(c.message)} |")
    elif not pv.changes:
        lines.append("_No per-test results (no JUnit report)._")
    else:
        lines.append("_No test changed outcome._")
    return "\n".join(lines) + "\n"
