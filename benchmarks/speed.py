"""shardfix beside ruff on the reference corpus, and apply throughput (issue 8).

    python benchmarks/speed.py [--runs 11] [--corpus DIR]

Runs, each several times, in one session on the same machine (these machines are noisy, so
the ratios are what counts): `ruff check --select E9 --no-cache`, `shardfix check --no-cache`
(cold: once without the package's bytecode, as an editable install runs under
PYTHONDONTWRITEBYTECODE=1, then with it compiled, as pip does when it installs a wheel), `shardfix check`
with a primed cache (warm), and `shardfix apply` on a generated tree of 500 files that each need
an SF201 fix. Prints medians, ratios and peak memory. ruff is
installed into a scratch virtual environment when it is not on PATH.

    python benchmarks/speed.py --migration DIR [--runs 7]

The migration workload instead (issue 16; DIR holds e.g. four copies of jax 0.8.0's
tests/shard_map_test.py, see benchmarks/phases.py): CPU seconds of `check --no-cache --jobs 1`
beside `ruff check --select ALL` (interleaved, medians), then the per-phase breakdown of
benchmarks/phases.py with the costliest functions and their call counts: a phase or a call
count growing out of line after a merge is the regression to look for (no timed assertions).
"""
from __future__ import annotations

import argparse
import compileall
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import venv
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from corpus import DEFAULT, build, python_files  # noqa: E402

FIX_ME = "import jax\n\n\ndef step(x):\n    return jax.lax.pvary(x, 'i')\n"


def timed(cmd: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, int, int]:
    """Wall seconds, peak RSS in MB and exit code of one run."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    return wall, usage.ru_maxrss // 1024, os.waitstatus_to_exitcode(status)


def ruff_command(scratch: Path) -> list[str]:
    found = shutil.which("ruff")
    if found:
        return [found]
    env_dir = scratch / "ruff-venv"
    venv.create(env_dir, with_pip=True)
    subprocess.run([env_dir / "bin" / "python", "-m", "pip", "install", "-q", "ruff"], check=True)
    return [str(env_dir / "bin" / "ruff")]


def median_of(runs: int, cmd, cwd, env, before=None) -> tuple[float, int]:
    walls, peaks = [], []
    for _ in range(runs):
        if before:
            before()
        wall, peak, _ = timed(cmd, cwd, env)
        walls.append(wall)
        peaks.append(peak)
    return statistics.median(walls), max(peaks)


def cpu_of(cmd: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, int]:
    """CPU seconds (user + system) and peak RSS in MB of one run."""
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(proc.pid, 0)
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss // 1024


def migration(runs: int, directory: Path) -> None:
    scratch = Path(tempfile.mkdtemp(prefix="shardfix-bench-"))
    compileall.compile_dir(str(PACKAGE), quiet=1)  # as pip installs a wheel
    env = {**os.environ, "PYTHONPATH": str(PACKAGE.parent)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    commands = [ruff_command(scratch) + ["check", "--select", "ALL", "--no-cache", "--exit-zero", "-q", str(directory)],
                [sys.executable, "-m", "codemods", "check", "--no-cache", "--jobs", "1", "--exit-zero", str(directory)]]
    cpu: list[list[float]] = [[], []]
    peaks = [0, 0]
    for _ in range(runs):
        for index, cmd in enumerate(commands):
            seconds, peak = cpu_of(cmd, directory, env)
            cpu[index].append(seconds)
            peaks[index] = max(peaks[index], peak)
    ruff, check = statistics.median(cpu[0]), statistics.median(cpu[1])
    print(f"ruff check --select ALL          {ruff:6.2f} s CPU   peak {peaks[0]} MB")
    print(f"shardfix check --jobs 1          {check:6.2f} s CPU   peak {peaks[1]} MB   {check / ruff:.2f}x ruff")
    shutil.rmtree(scratch, ignore_errors=True)
    subprocess.run([sys.executable, str(Path(__file__).resolve().parent / "phases.py"), str(directory),
                    "--profile", "20"], env=env, check=True)


def interleaved(runs: int, commands: list[tuple[list[str], dict[str, str]]], cwd) -> list[tuple[float, int]]:
    """Median wall time and peak memory of each (command, environment), running them in turn
    `runs` times, so that a slow spell of the machine hits every command alike."""
    walls: list[list[float]] = [[] for _ in commands]
    peaks: list[int] = [0 for _ in commands]
    for _ in range(runs):
        for index, (cmd, env) in enumerate(commands):
            wall, peak, _ = timed(cmd, cwd, env)
            walls[index].append(wall)
            peaks[index] = max(peaks[index], peak)
    return [(statistics.median(w), p) for w, p in zip(walls, peaks)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--corpus", type=Path, default=DEFAULT)
    parser.add_argument("--migration", type=Path, metavar="DIR", help="the migration workload instead (see above)")
    args = parser.parse_args()
    if args.migration is not None:
        return migration(args.runs, args.migration.resolve())
    dirs = build(args.corpus)
    files = python_files(dirs)
    lines = sum(p.read_bytes().count(b"\n") for p in files)
    print(f"corpus: {len(files)} files, {lines:,} lines; machine: {os.cpu_count()} cores; python {sys.version.split()[0]}")
    scratch = Path(tempfile.mkdtemp(prefix="shardfix-bench-"))
    env = {**os.environ, "SHARDFIX_CACHE_DIR": str(scratch / "cache")}
    shardfix = [sys.executable, "-m", "codemods"]
    targets = [str(d) for d in dirs]

    ruff_cmd = ruff_command(scratch) + ["check", "--select", "E9", "--no-cache", "-q", *targets]
    # First as an editable install runs under PYTHONDONTWRITEBYTECODE=1 (this project's CI
    # machines): the package's own modules compiled on every run.
    had_bytecode = bool(list(PACKAGE.rglob("__pycache__")))
    remove_package_bytecode()
    (source_ruff, _), (source_cold, _) = interleaved(
        args.runs, [(ruff_cmd, env), (shardfix + ["check", "--no-cache", *targets], env)], args.corpus)
    # Then as pip installs a wheel: the bytecode compiled once, at install time.
    compileall.compile_dir(str(PACKAGE), quiet=1)
    timed(shardfix + ["check", *targets], args.corpus, env)  # prime the cache for the warm runs
    (ruff, ruff_peak), (cold, cold_peak), (serial, _), (warm, warm_peak), (version, _) = interleaved(
        args.runs, [
            (ruff_cmd, env),
            (shardfix + ["check", "--no-cache", *targets], env),
            (shardfix + ["check", "--no-cache", "--jobs", "1", *targets], env),
            (shardfix + ["check", *targets], env),
            (shardfix + ["--version"], env),
        ], args.corpus)

    tree = scratch / "tree"

    def fresh_tree() -> None:
        shutil.rmtree(tree, ignore_errors=True)
        for index in range(500):
            path = tree / f"pkg{index // 50}" / f"m{index}.py"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(FIX_ME)

    apply_wall, _ = median_of(args.runs, shardfix + ["apply", "tree"], scratch, env, fresh_tree)

    print(f"ruff check --select E9 --no-cache   {ruff:7.2f} s   peak {ruff_peak} MB")
    print(f"shardfix check --no-cache (cold)    {cold:7.2f} s   peak {cold_peak} MB   {cold / ruff:.2f}x ruff")
    print(f"  the same with --jobs 1              {serial:7.2f} s   {serial / ruff:.2f}x ruff")
    print(f"  without the package's bytecode      {source_cold:7.2f} s   {source_cold / source_ruff:.2f}x ruff "
          f"(ruff {source_ruff:.2f} s in those runs)")
    print(f"shardfix check (warm cache)         {warm:7.2f} s   peak {warm_peak} MB   {warm / ruff:.2f}x ruff")
    print(f"shardfix --version                  {version:7.2f} s")
    print(f"shardfix apply, 500 files           {apply_wall:7.2f} s   {500 / apply_wall:.0f} files/s")
    shutil.rmtree(scratch, ignore_errors=True)
    if not had_bytecode:  # leave the tree as it was found
        remove_package_bytecode()


PACKAGE = Path(__file__).resolve().parent.parent / "codemods"


def remove_package_bytecode() -> None:
    for directory in list(PACKAGE.rglob("__pycache__")):
        shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    main()
