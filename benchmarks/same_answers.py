"""Record a checkout's answers on a fixed set of inputs, or compare two recordings byte for byte.

    python benchmarks/same_answers.py record OUT [--checkout DIR] [--inputs DIR ...]
    python benchmarks/same_answers.py compare OUT_A OUT_B

A speed change must not change an answer. `record` runs, for every input root, `check
--output-format json`, `check` (the text report) and `diff` (safe and unsafe fixes) with `--no-cache`, from inside the
root with relative paths (so the recordings of two checkouts can be compared as bytes), and
writes stdout, stderr and the exit code of each. The roots are the fixture programs
(fixtures/*/*/*.py), fixtures/demo as a project, and any `--inputs` directories (e.g. old JAX
test files: `git show jax-v0.8.0:tests/shard_map_test.py`, one directory per version).
`compare` prints each file that differs and exits 1 if any does.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNS = {
    "check.json": ["check", "--no-cache", "--output-format", "json", "--file-timeout", "0"],
    "check.txt": ["check", "--no-cache", "--statistics", "--file-timeout", "0"],  # the text report, into a pipe
    "diff.txt": ["diff", "--file-timeout", "0"],
    "diff-unsafe.txt": ["diff", "--unsafe-fixes", "--file-timeout", "0"],
}


def roots(checkout: Path, inputs: list[Path], scratch: Path) -> dict[str, tuple[Path, list[str]]]:
    """name -> (directory to run in, relative paths to give). Fixture programs are copied to
    one scratch tree so both checkouts read the same bytes."""
    fixtures = scratch / "fixtures"
    for source in sorted((ROOT / "fixtures").glob("SF*/*/*.py")):
        target = fixtures / source.relative_to(ROOT / "fixtures")
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
    demo = scratch / "demo"
    shutil.copytree(ROOT / "fixtures" / "demo", demo)
    found = {"fixtures": (fixtures, sorted(str(p.relative_to(fixtures)) for p in fixtures.rglob("*.py"))),
             "demo": (demo, ["."])}
    for directory in inputs:
        found[directory.name] = (directory.resolve(), sorted(p.name for p in directory.glob("*.py")))
    return found


def record(checkout: Path, out: Path, inputs: list[Path]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "PYTHONPATH": str(checkout.resolve()), "NO_COLOR": "1", "COLUMNS": "200"}
    with tempfile.TemporaryDirectory(prefix="shardfix-same-") as tmp:
        scratch = Path(tmp)
        env["SHARDFIX_CACHE_DIR"] = str(scratch / "cache")
        for name, (cwd, paths) in roots(checkout, inputs, scratch).items():
            for run, args in RUNS.items():
                proc = subprocess.run([sys.executable, "-m", "codemods", *args, *paths], cwd=cwd, env=env,
                                      capture_output=True, text=True, check=False)
                stderr = proc.stderr.replace(str(scratch), "<scratch>")
                (out / f"{name}.{run}").write_text(proc.stdout.replace(str(scratch), "<scratch>"))
                (out / f"{name}.{run}.stderr").write_text(f"exit {proc.returncode}\n{stderr}")
                print(f"{name} {run}: exit {proc.returncode}, {len(proc.stdout)} bytes", flush=True)


def compare(a: Path, b: Path) -> int:
    names = sorted({p.name for p in a.iterdir()} | {p.name for p in b.iterdir()})
    differ = [n for n in names if not (a / n).is_file() or not (b / n).is_file()
              or (a / n).read_bytes() != (b / n).read_bytes()]
    for name in differ:
        print(f"differs: {name}")
    print(f"{len(names) - len(differ)}/{len(names)} recordings identical")
    return 1 if differ else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record")
    rec.add_argument("out", type=Path)
    rec.add_argument("--checkout", type=Path, default=ROOT)
    rec.add_argument("--inputs", type=Path, nargs="*", default=[])
    cmp_ = sub.add_parser("compare")
    cmp_.add_argument("a", type=Path)
    cmp_.add_argument("b", type=Path)
    args = parser.parse_args()
    if args.command == "record":
        record(args.checkout, args.out, args.inputs)
    else:
        sys.exit(compare(args.a, args.b))


if __name__ == "__main__":
    main()
