"""Line recall, false positives and output parity of shardfix's migrations on unseen old programs.

    python3 benchmarks/migration_recall.py [--shardfix CHECKOUT] [--verify] [--no-apply]

The programs in benchmarks/heldout_migrations/ were written for old JAX versions (old/) or are
already migrated or version-guarded (clean/); manifest.toml gives, per old program, the JAX it
was written for and every line that must change to run correctly on jax 0.10.2.

Default: `shardfix check --output-format json --target-jax 0.10.2` on a copy of the programs
(recall: must-change lines with a finding in their statement, overall and per API; false
positives: findings in clean programs, and findings in old programs away from every
must-change line), then `shardfix apply --target-jax 0.10.2` (safe, then with --unsafe-fixes) on
fresh copies, and each rewritten program runs on jax 0.10.2 to compare its printed output with the
original's on its own JAX: same / differs / fails. Prints Markdown.

`--verify` checks the benchmark itself, without shardfix: every old program prints on its own
JAX; on 0.10.2 it fails or prints something else; with every manifest `fix` applied it prints
what it printed on its own JAX; with any one fix left out it fails or differs again (so each
listed line is needed); every clean program runs on 0.10.2 (and on its `also-runs-on` JAX).

Programs run on 8 simulated CPU devices, in one process per JAX version: JAX is imported once,
then every program runs in a forked child so that no state leaks from one to the next.
Old JAX environments: ~/.cache/shardfix/jax-envs/jax-X/bin/python (or $SHARDFIX_JAX_ENVS);
jax 0.10.2 is this interpreter's.
"""
from __future__ import annotations

import argparse
import ast
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PROGRAMS = REPO / "benchmarks" / "heldout_migrations"
TARGET = "0.10.2"
JAX_ENV = {"XLA_FLAGS": "--xla_force_host_platform_device_count=8", "JAX_PLATFORMS": "cpu"}
PER_PROGRAM_SECONDS = 300


# --- running programs (child process: standard library and JAX only) ------------------------

def _run_one(path: str) -> dict:
    """Run `path` as __main__ in a forked child; its printed lines are the result."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # child
        os.close(read_end)
        import contextlib
        import io
        import runpy
        import signal
        import warnings

        signal.alarm(PER_PROGRAM_SECONDS)
        warnings.simplefilter("ignore")
        out = io.StringIO()
        try:
            with contextlib.redirect_stdout(out):
                runpy.run_path(path, run_name="__main__")
            result = {"status": "ok", "output": out.getvalue()}
        except BaseException as exc:  # every failure of the program is its result
            result = {"status": "error", "output": out.getvalue(),
                      "error": f"{type(exc).__name__}: {str(exc)[:300]}"}
        with os.fdopen(write_end, "w") as pipe:
            json.dump(result, pipe)
        os._exit(0)
    os.close(write_end)
    with os.fdopen(read_end) as pipe:
        text = pipe.read()
    _, status = os.waitpid(pid, 0)
    if not text:
        return {"status": "error", "output": "", "error": f"the program died (wait status {status})"}
    return json.loads(text)


def run_programs(paths: list[str]) -> None:
    import warnings

    warnings.simplefilter("ignore")
    import jax  # noqa: F401  imported once; each forked child initialises its own backend

    json.dump({p: _run_one(p) for p in paths}, sys.stdout)


def jax_python(version: str) -> str:
    if version == TARGET:
        return sys.executable
    envs = Path(os.environ.get("SHARDFIX_JAX_ENVS", Path.home() / ".cache/shardfix/jax-envs"))
    python = envs / f"jax-{version}" / "bin" / "python"
    if not python.exists():
        sys.exit(f"no environment with jax {version}: {python} is missing")
    return str(python)


def run_on(version: str, paths: list[Path]) -> dict[Path, dict]:
    """Run programs on one JAX version; {path: {status, output, error}}."""
    if not paths:
        return {}
    env = dict(os.environ, **JAX_ENV)
    env.pop("PYTHONPATH", None)  # the programs need JAX only, never a shardfix checkout
    proc = subprocess.run([jax_python(version), __file__, "--run-programs", *map(str, paths)],
                          env=env, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        sys.exit(f"the runner for jax {version} failed:\n{proc.stderr[-3000:]}")
    return {Path(p): r for p, r in json.loads(proc.stdout).items()}


def run_batches(jobs: list[tuple[str, Path]]) -> dict[tuple[str, Path], dict]:
    by_version = defaultdict(list)
    for version, path in jobs:
        by_version[version].append(path)
    results = {}
    for version, paths in sorted(by_version.items()):
        for path, result in run_on(version, paths).items():
            results[(version, path)] = result
    return results



# --- the manifest ------------------------------------------------------------------------------

def load_manifest(programs: Path) -> tuple[list[dict], list[dict]]:
    import tomllib

    data = tomllib.loads((programs / "manifest.toml").read_text())
    old, clean = data.get("program", []), data.get("clean", [])
    for entry in old + clean:
        entry["path"] = programs / entry["file"]
        if not entry["path"].is_file():
            sys.exit(f"manifest.toml names {entry['file']}, which does not exist")
    return old, clean


def with_fixes(source: str, changes: list[dict]) -> str:
    """The program with each listed line replaced by its hand-written fix."""
    lines = source.split("\n")
    for change in changes:
        lines[change["line"] - 1] = change["fix"]
    return "\n".join(lines)


def outcome(result: dict, reference: dict) -> str:
    if result["status"] != "ok":
        return "fails"
    return "same" if result["output"] == reference["output"] else "differs"


# --- --verify: the benchmark checked against JAX, without shardfix -----------------------------

def verify(programs: Path) -> int:
    old, clean = load_manifest(programs)
    problems = []
    with tempfile.TemporaryDirectory(prefix="migration-verify-") as tmp:
        tmp = Path(tmp)
        jobs, variants = [], {}
        for n, entry in enumerate(old):
            source = entry["path"].read_text()
            jobs += [(entry["written-for"], entry["path"]), (TARGET, entry["path"])]
            changes = entry["must-change"]
            if not changes:
                problems.append(f"{entry['file']}: no must-change line")
            for k in range(-1, len(changes)):  # -1: every fix; k: every fix but the k-th
                kept = [c for i, c in enumerate(changes) if i != k]
                variant = tmp / f"p{n}_{k + 1}_{entry['path'].name}"
                variant.write_text(with_fixes(source, kept))
                variants[(entry["file"], k)] = variant
                jobs.append((TARGET, variant))
        for entry in clean:
            jobs.append((TARGET, entry["path"]))
            if "also-runs-on" in entry:
                jobs.append((entry["also-runs-on"], entry["path"]))
        results = run_batches(jobs)

    for entry in old:
        name = entry["file"]
        own = results[(entry["written-for"], entry["path"])]
        if own["status"] != "ok" or not own["output"].strip():
            problems.append(f"{name}: does not print on jax {entry['written-for']}: {own.get('error')}")
            continue
        if outcome(results[(TARGET, entry["path"])], own) == "same":
            problems.append(f"{name}: prints the same on {TARGET} unchanged")
        fixed = results[(TARGET, variants[(name, -1)])]
        if outcome(fixed, own) != "same":
            problems.append(f"{name}: with every fix, {outcome(fixed, own)} on {TARGET}: "
                            f"{fixed.get('error') or fixed['output'][:200]!r} vs {own['output'][:200]!r}")
        for k, change in enumerate(entry["must-change"]):
            if outcome(results[(TARGET, variants[(name, k)])], own) == "same":
                problems.append(f"{name}: line {change['line']} need not change")
    for entry in clean:
        for version in [TARGET] + ([entry["also-runs-on"]] if "also-runs-on" in entry else []):
            result = results[(version, entry["path"])]
            if result["status"] != "ok" or not result["output"].strip():
                problems.append(f"{entry['file']}: does not run on jax {version}: {result.get('error')}")
    lines = sum(len(e["must-change"]) for e in old)
    print(f"{len(old)} old programs ({lines} must-change lines), {len(clean)} clean programs")
    print(dict(Counter(e["written-for"] for e in old)))
    for problem in problems:
        print("PROBLEM:", problem)
    print("verified" if not problems else f"{len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__" and sys.argv[1:2] == ["--run-programs"]:
    run_programs(sys.argv[2:])

if __name__ == "__main__" and sys.argv[1:2] == ["--verify"]:
    sys.exit(verify(PROGRAMS))
