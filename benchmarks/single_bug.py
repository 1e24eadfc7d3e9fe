"""Each buggy program of a held-out set has one failing line: its hand-written fix makes it run.

Shared by the sets' `single_bug_check.py` scripts, which hold only their fixes: for each buggy
program, (anchor, replacement) pairs, each anchor found exactly once in the program. The fixed
copies run on JAX (8 CPU devices) through recall.py's program runner.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

RECALL = Path(__file__).resolve().parent / "recall.py"


def check_fixes(here: Path, fixes: dict[str, list[tuple[str, str]]]) -> int:
    """Run every buggy program of the set in `here` with its fixes; 0 when all of them run."""
    bugs = tomllib.loads((here / "manifest.toml").read_text())["bug"]
    names = sorted(Path(b["file"]).name for b in bugs)
    missing = sorted(set(names) ^ set(fixes))
    if missing:
        sys.exit(f"fixes and manifest disagree on: {missing}")
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for name in names:
            src = (here / "buggy" / name).read_text()
            for old, new in fixes[name]:
                if src.count(old) != 1:
                    sys.exit(f"{name}: fix anchor {old!r} found {src.count(old)} times")
                src = src.replace(old, new)
            path = Path(tmp) / name
            path.write_text(src)
            paths.append(str(path))
        env = dict(os.environ, XLA_FLAGS="--xla_force_host_platform_device_count=8", JAX_PLATFORMS="cpu")
        env.pop("PYTHONPATH", None)
        proc = subprocess.run([sys.executable, str(RECALL), "--run-programs", *paths],
                              env=env, capture_output=True, text=True, check=False)
        if proc.returncode:
            sys.exit(proc.stderr[-3000:])
        bad = [r for r in json.loads(proc.stdout) if r["status"] != "ok"]
    print(f"{len(names) - len(bad)}/{len(names)} buggy programs run after their one fix")
    for r in bad:
        print(f"  {Path(r['path']).name}: line {r['line']}: {r['message'][:300]}")
    return 1 if bad else 0
