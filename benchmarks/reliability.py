"""shardfix on real code (issue 9): the reference corpus must come through untouched.

    python benchmarks/reliability.py [--corpus DIR] [--jobs N] [--safe-only] [--deep]

Runs the real command (`python -m codemods ...`, in subprocesses) on the corpus of
benchmarks/corpus.py (jax, jaxlib, flax, equinox, optax, orbax-checkpoint and maxtext: well-tested
code whose shard_map uses all run) and checks:

1. `check --no-cache --format json` finishes without a traceback and with no error but clear
   one-line "syntax error ..." messages, each for a file the running Python indeed rejects (and,
   when a newer Python is found, one that Python accepts: code written for 3.12+);
2. SF101-SF104 report nothing (a type-rule finding on code that runs is a false positive);
3. `apply` (with --unsafe-fixes unless --safe-only) on a copy of the corpus leaves every file
   without a finding byte-identical and every changed file parseable, and a second `apply`
   changes nothing.

With --deep the engine also runs in-process with the prefilters off, so every rule analyses every
file holding its words, parsed whole (a rule's words are its scope, codemods/prefilter.py; the
state rules' word is "shard_map") (minutes): no internal error, no SF101-SF104 finding. Prints a summary; exits 1 on any
violation, 0 otherwise.
"""
from __future__ import annotations

import argparse
import ast
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import warnings
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from corpus import DEFAULT, build, python_files  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = ("SF101", "SF102", "SF103", "SF104")  # type rules: silent on code that runs
SYNTAX = "syntax error at line "


class Report:
    def __init__(self) -> None:
        self.violations: list[str] = []
        self.notes: list[str] = []

    def fail(self, text: str) -> None:
        self.violations.append(text)
        print(f"  VIOLATION: {text}", flush=True)

    def note(self, text: str) -> None:
        self.notes.append(text)
        print(f"  {text}", flush=True)


def shardfix(*args: str, env: dict[str, str]) -> tuple[subprocess.CompletedProcess, float]:
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "codemods", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, check=False)
    return done, time.perf_counter() - start


def crashed(done: subprocess.CompletedProcess) -> bool:
    return done.returncode not in (0, 1, 2) or "Traceback (most recent call last)" in done.stdout + done.stderr


def python_rejects(path: Path) -> bool:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            ast.parse(path.read_bytes(), str(path))
    except (SyntaxError, ValueError):
        return True
    return False


def newer_python(given: str | None) -> str | None:
    """A Python newer than this one that runs, to confirm that syntax errors are newer syntax."""
    if given:
        return given
    candidates = [shutil.which(f"python3.{minor}") for minor in range(20, sys.version_info.minor, -1)]
    candidates += sorted(glob.glob(os.path.expanduser("~/.pyenv/versions/3.1[2-9]*/bin/python3")), reverse=True)
    for candidate in filter(None, candidates):
        probe = subprocess.run([candidate, "-c", "import sys; print(sys.version_info >= (3, 12))"],
                               capture_output=True, text=True, check=False)
        if probe.returncode == 0 and probe.stdout.strip() == "True":
            return candidate
    return None


def accepted_by(python: str, paths: list[Path]) -> dict[Path, bool]:
    script = ("import ast, sys, warnings\nwarnings.simplefilter('ignore')\nfor p in sys.argv[1:]:\n"
              "    try:\n        ast.parse(open(p, 'rb').read(), p); print('ok')\n"
              "    except Exception:\n        print('no')\n")
    done = subprocess.run([python, "-c", script, *map(str, paths)], capture_output=True, text=True, check=False)
    answers = done.stdout.split()
    return {path: answer == "ok" for path, answer in zip(paths, answers)}


def snapshot(dirs: list[Path]) -> dict[Path, bytes]:
    return {path: path.read_bytes() for path in sorted(p for d in dirs for p in d.rglob("*") if p.is_file())}


def check_step(dirs: list[Path], env, jobs: int, newer: str | None, report: Report) -> set[Path]:
    """Step 1 and 2: the paths with findings."""
    print("check:", flush=True)
    done, seconds = shardfix("check", "--no-cache", "--format", "json", "--exit-zero", "-j", str(jobs),
                             *map(str, dirs), env=env)
    report.note(f"exit code {done.returncode} in {seconds:.1f}s")
    if crashed(done):
        report.fail(f"check crashed (exit {done.returncode}):\n{(done.stderr or done.stdout)[-3000:]}")
        return set()
    try:
        data = json.loads(done.stdout)
    except json.JSONDecodeError as exc:
        report.fail(f"check --format json printed no JSON ({exc}): {done.stdout[:500]!r}")
        return set()
    codes = Counter(finding["code"] for finding in data["findings"])
    report.note(f"{len(data['findings'])} findings{' ' + str(dict(codes)) if codes else ''}, "
                f"{len(data['errors'])} files with errors")
    for finding in data["findings"]:
        if finding["code"] in FORBIDDEN:
            report.fail(f"{finding['code']} on real code: {finding['path']}:{finding['line']}: {finding['message']}")
    syntax_errors = []
    for error in data["errors"]:
        path, text = Path(error["path"]), error["error"]
        if not text.startswith(SYNTAX) or "\n" in text:
            report.fail(f"error that is not a one-line syntax error: {path}: {text!r}")
        elif not python_rejects(path):
            report.fail(f"syntax error reported for a file Python parses: {path}: {text}")
        else:
            syntax_errors.append(path)
    if syntax_errors and newer:
        verdicts = accepted_by(newer, syntax_errors)
        rejected = [p for p, ok in verdicts.items() if not ok]
        report.note(f"{len(syntax_errors) - len(rejected)} of {len(syntax_errors)} syntax errors parse with "
                    f"{newer} (code for a newer Python)")
        for path in rejected:
            report.note(f"also rejected by the newer Python (a broken file, reported clearly): {path}")
    elif syntax_errors:
        report.note(f"{len(syntax_errors)} syntax errors (no newer Python found to confirm they are 3.12+ code)")
    return {Path(finding["path"]).resolve() for finding in data["findings"]}


def apply_step(dirs: list[Path], with_findings: set[Path], env, jobs: int, unsafe: bool, report: Report) -> None:
    """Step 3: apply on a copy, twice."""
    print(f"apply{' --unsafe-fixes' if unsafe else ''} on a copy:", flush=True)
    with tempfile.TemporaryDirectory(prefix="shardfix-reliability-") as tmp:
        copies = []
        for index, directory in enumerate(dirs):
            copy = Path(tmp) / f"{index}-{directory.name}"
            shutil.copytree(directory, copy, symlinks=True)
            copies.append(copy)
        original = snapshot(dirs)
        to_copy = {path: copies[i] / path.relative_to(d) for i, d in enumerate(dirs)
                   for path in original if path.is_relative_to(d)}
        args = ["apply", "-j", str(jobs), *(["--unsafe-fixes"] if unsafe else []), *map(str, copies)]
        done, seconds = shardfix(*args, env=env)
        report.note(f"first apply: exit code {done.returncode} in {seconds:.1f}s")
        if crashed(done):
            report.fail(f"apply crashed (exit {done.returncode}):\n{(done.stderr or done.stdout)[-3000:]}")
            return
        bad_lines = [line for line in done.stderr.splitlines()
                     if line.startswith("error:") and ": syntax error at line " not in line]
        for line in bad_lines:
            report.fail(f"apply reported an error that is not a syntax error: {line}")
        after = snapshot(copies)
        expected_files = set(to_copy.values())
        for extra in sorted(set(after) - expected_files):
            report.fail(f"apply left a new file: {extra}")
        changed = []
        for path, copy in to_copy.items():
            if copy not in after:
                report.fail(f"apply removed {copy}")
                continue
            if after[copy] == original[path]:
                continue
            changed.append(copy)
            if path.resolve() not in with_findings:
                report.fail(f"apply changed a file check reported nothing for: {path}")
            if path.suffix == ".py" and python_rejects(copy):
                report.fail(f"apply made a file unparseable: {path}")
        report.note(f"{len(changed)} files changed of {len(to_copy)}")
        done, seconds = shardfix(*args, env=env)
        report.note(f"second apply: exit code {done.returncode} in {seconds:.1f}s")
        if crashed(done):
            report.fail(f"second apply crashed (exit {done.returncode}):\n{(done.stderr or done.stdout)[-3000:]}")
            return
        again = snapshot(copies)
        for path in sorted(set(again) | set(after)):
            if again.get(path) != after.get(path):
                report.fail(f"a second apply changed {path}")


def _deep_one(path: Path) -> tuple[str, str | None, list[tuple[str, int, str]]]:
    from codemods.engine import Options, process_file

    result, _ = process_file(path, Options(prefilter=False, unsafe_fixes=True), fix=True)
    found = [(f.code, f.span.line, f.message) for f in [*result.findings, *result.applied]]
    return str(path), result.error, found


def deep_step(files: list[Path], jobs: int, report: Report) -> None:
    print(f"deep: every rule on every file holding its words, in-process, prefilters off ({jobs} processes):", flush=True)
    sys.path.insert(0, str(ROOT))
    start = time.perf_counter()
    codes: Counter[str] = Counter()
    syntax = 0
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for path, error, found in pool.map(_deep_one, files, chunksize=8):
            if error and error.startswith(SYNTAX):
                syntax += 1
            elif error:
                report.fail(f"engine error: {path}: {error}")
            for code, line, message in found:
                codes[code] += 1
                if code in FORBIDDEN:
                    report.fail(f"{code} on real code: {path}:{line}: {message}")
    report.note(f"{len(files)} files in {time.perf_counter() - start:.0f}s: findings {dict(codes) or 'none'}, "
                f"{syntax} syntax errors")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT, help=f"corpus directory (default {DEFAULT})")
    parser.add_argument("--jobs", "-j", type=int, default=1, help="worker processes for shardfix")
    parser.add_argument("--safe-only", action="store_true", help="apply without --unsafe-fixes")
    parser.add_argument("--deep", action="store_true", help="also run every rule on every file in-process")
    parser.add_argument("--newer-python", help="a Python >= 3.12 to confirm syntax errors are newer syntax")
    args = parser.parse_args()

    dirs = [d.resolve() for d in build(args.corpus)]
    files = python_files(dirs)
    lines = sum(path.read_bytes().count(b"\n") for path in files)
    print(f"corpus: {', '.join(map(str, dirs))}: {len(files)} Python files, {lines:,} lines", flush=True)
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "200"}
    env.pop("FORCE_COLOR", None)
    report = Report()
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="shardfix-reliability-cache-") as cache:
        env["SHARDFIX_CACHE_DIR"] = cache  # never touch the user's cache
        with_findings = check_step(dirs, env, args.jobs, newer_python(args.newer_python), report)
        apply_step(dirs, with_findings, env, args.jobs, not args.safe_only, report)
    if args.deep:
        deep_step(files, max(args.jobs, os.cpu_count() or 1), report)
    print(f"\n{len(files)} files, {time.perf_counter() - start:.0f}s: "
          + (f"{len(report.violations)} violations" if report.violations else "no violations"))
    for violation in report.violations:
        print(f"  - {violation.splitlines()[0]}")
    return 1 if report.violations else 0


if __name__ == "__main__":
    sys.exit(main())
