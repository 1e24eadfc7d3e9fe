"""shardfix on the inputs that are expensive for it, beside ruff and the parse floors (issue 16).

    python benchmarks/scale.py [--runs 5] [--jax-tests FILE ...] [--findings 20000]

The corpus benchmark (speed.py) is mostly files the prefilter skips; these workloads are the
honest cases, every file dense with shard_map code or in need of fixes:

- dense: every fixture program (fixtures/*/*/before.py, after.py and clean files), 8 copies;
- migration: copies of old JAX test files written against removed APIs (give them with
  `--jax-tests`, e.g. jax 0.8.0's tests/shard_map_test.py taken from the jax repository's
  history: `git show jax-v0.8.0:tests/shard_map_test.py`); skipped when none is given;
- findings: one file with `--findings` SF201 findings, one per line;
- chain: one file holding a 20,000-term expression inside a call SF201 rewrites.

For each: CPU seconds (user + system, of the process and its children) and peak memory of
`shardfix check`, `shardfix diff` (both with `--file-timeout 0`, so a slow machine gives a
figure, not a timeout), `ruff check --select ALL`, and the parse floors: Python's `ast.parse`
and LibCST's `parse_module` of the same files. Runs are interleaved (these machines
are noisy: the ratios are what counts) and the median is shown.
"""
from __future__ import annotations

import argparse
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PARSE = """
import sys
sys.setrecursionlimit(12000)
paths = sys.argv[2:]
if sys.argv[1] == "ast":
    import ast
    for path in paths:
        ast.parse(open(path, encoding="utf-8").read())
else:
    import libcst
    for path in paths:
        libcst.parse_module(open(path, encoding="utf-8").read())
"""


def cpu_and_peak(cmd: list[str], cwd: Path, env: dict[str, str], timeout: float) -> tuple[float, int, str]:
    """CPU seconds (the process and the children it waited for), peak RSS in MB, and a note
    ('' or why the run is not a figure)."""
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    timer = threading.Timer(timeout, proc.kill)
    timer.start()
    _, status, usage = os.wait4(proc.pid, 0)
    timer.cancel()
    killed = os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss // 1024, f"over {timeout:g} s" if killed else ""


def workloads(scratch: Path, args) -> dict[str, list[Path]]:
    made: dict[str, list[Path]] = {}
    dense = scratch / "dense"
    files = []
    for copy in range(8):
        for source in sorted(ROOT.glob("fixtures/SF*/*/*.py")):
            target = dense / f"c{copy}" / source.parent.parent.name / source.parent.name / source.name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
            files.append(target)
    made["dense"] = files
    if args.jax_tests:
        migration = []
        for index, source in enumerate(args.jax_tests * max(1, 4 // len(args.jax_tests))):
            target = scratch / "migration" / f"t{index}" / source.name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
            migration.append(target)
        made["migration"] = migration
    many = scratch / "findings" / "many.py"
    many.parent.mkdir(parents=True)
    lines = ["import jax", "", "", "def body(x):"]
    lines += [f"    y{i} = jax.lax.pvary(x, 'i')" for i in range(args.findings)]
    many.write_text("\n".join(lines + ["    return x", ""]))
    made["findings"] = [many]
    chain = scratch / "chain" / "chain.py"
    chain.parent.mkdir(parents=True)
    terms = " + ".join(["x"] * 20_000)
    chain.write_text(f"import jax\n\n\ndef body(x):\n    return jax.lax.pvary({terms}, 'i')\n")
    made["chain"] = [chain]
    return made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--jax-tests", type=Path, nargs="*", default=[])
    parser.add_argument("--findings", type=int, default=20_000)
    parser.add_argument("--timeout", type=float, default=300.0)
    args = parser.parse_args()
    scratch = Path(tempfile.mkdtemp(prefix="shardfix-scale-"))
    env = {**os.environ, "SHARDFIX_CACHE_DIR": str(scratch / "cache"), "NO_COLOR": "1"}
    shardfix = [sys.executable, "-m", "codemods"]
    ruff = shutil.which("ruff")
    print(f"machine: {os.cpu_count()} cores; python {sys.version.split()[0]}; CPU seconds (median of {args.runs})")
    print()
    print("| workload | files | lines | shardfix check | diff | ruff --select ALL | ast.parse | LibCST parse "
          "| check/ruff | diff/LibCST | check/ast | diff/ast | peak MB (check / diff) |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for name, files in workloads(scratch, args).items():
        paths = [str(p) for p in files]
        commands = {
            "check": shardfix + ["check", "--no-cache", "--jobs", "1", "--file-timeout", "0", *paths],
            "diff": shardfix + ["diff", "--jobs", "1", "--file-timeout", "0", *paths],
            "ruff": [ruff, "check", "--select", "ALL", "--no-cache", "-q", "--exit-zero", *paths] if ruff else None,
            "ast": [sys.executable, "-c", PARSE, "ast", *paths],
            "libcst": [sys.executable, "-c", PARSE, "libcst", *paths],
        }
        seconds: dict[str, list[float]] = {key: [] for key in commands}
        peaks: dict[str, int] = dict.fromkeys(commands, 0)
        notes: dict[str, str] = {}
        for _ in range(args.runs):
            for key, cmd in commands.items():
                if cmd is None or key in notes:
                    continue
                spent, peak, note = cpu_and_peak(cmd, ROOT, env, args.timeout)
                if note:
                    notes[key] = note
                seconds[key].append(spent)
                peaks[key] = max(peaks[key], peak)

        def figure(key: str) -> float | None:
            return statistics.median(seconds[key]) if seconds[key] and key not in notes else None

        def cell(key: str) -> str:
            value = figure(key)
            return notes.get(key) or ("-" if value is None else f"{value:.2f}")

        def ratio(top: str, bottom: str) -> str:
            a, b = figure(top), figure(bottom)
            return "-" if a is None or not b else f"{a / b:.1f}x"

        lines = sum(p.read_bytes().count(b"\n") for p in files)
        print(f"| {name} | {len(files)} | {lines:,} | {cell('check')} | {cell('diff')} | {cell('ruff')} | "
              f"{cell('ast')} | {cell('libcst')} | {ratio('check', 'ruff')} | {ratio('diff', 'libcst')} | "
              f"{ratio('check', 'ast')} | {ratio('diff', 'ast')} | {peaks['check']} / {peaks['diff']} |")
    shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
