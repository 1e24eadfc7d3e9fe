"""False positives of a shardfix checkout on the adversarial clean programs (and twins found).

    python3 benchmarks/adversarial/measure.py [--set NAME] [CHECKOUT ...]     (default: this repository)

`--set NAME` measures benchmarks/NAME (default `adversarial`; `adversarial2` is a second set
written independently, in the same format).

Every finding on clean/ is a false positive (each program runs on jax 0.10.2). Twins are the
near-miss buggy variants listed in twins.toml; a twin is found when a finding is at JAX's line.
The programs are copied to a temporary directory first, so no project configuration applies.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
BENCHMARKS = HERE.parent


def check(checkout: Path, target: Path) -> list[dict]:
    env = dict(os.environ, PYTHONPATH=str(checkout))
    proc = subprocess.run([sys.executable, "-m", "codemods", "check", "--no-cache", "--format", "json",
                           "--exit-zero", str(target)], env=env, capture_output=True, text=True,
                          cwd=target.parent, check=False)
    if proc.returncode != 0:
        sys.exit(f"shardfix check failed in {checkout}:\n{proc.stderr[-2000:]}")
    return json.loads(proc.stdout)["findings"]


def main(checkouts: list[str], set_dir: Path = HERE) -> int:
    twins = tomllib.loads((set_dir / "twins.toml").read_text())["twin"]
    want = {(Path(t["file"]).name, t["line"]) for t in twins}
    status = 0
    with tempfile.TemporaryDirectory() as tmp:
        for sub in ("clean", "twins"):
            shutil.copytree(set_dir / sub, Path(tmp) / sub)
        for checkout in map(Path, checkouts or [BENCHMARKS.parent]):
            head = subprocess.run(["git", "-C", str(checkout), "rev-parse", "--short", "HEAD"],
                                  capture_output=True, text=True, check=False).stdout.strip()
            fps = check(checkout, Path(tmp) / "clean")
            found = {(Path(f["path"]).name, f["line"]) for f in check(checkout, Path(tmp) / "twins")}
            n_clean = len(list((set_dir / "clean").glob("*.py")))
            print(f"{checkout} ({head}): {len(fps)} false positives on {n_clean} clean programs; "
                  f"twins found {len(found & want)}/{len(want)}")
            for f in fps:
                print(f"  FP {Path(f['path']).name}:{f['line']} {f['code']} {f['message'][:300]}")
            status |= bool(fps)
    return status


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="false positives on an adversarial set")
    parser.add_argument("--set", dest="set_name", default=HERE.name, metavar="NAME",
                        help="the set under benchmarks/ (default: %(default)s)")
    parser.add_argument("checkouts", nargs="*", help="checkouts to measure (default: this repository)")
    opts = parser.parse_args()
    sys.exit(main(opts.checkouts, BENCHMARKS / opts.set_name))
