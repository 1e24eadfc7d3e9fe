"""Running the shardfix of a given checkout (not the installed one) from a benchmark script."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def shardfix(checkout: Path, *args: str) -> subprocess.CompletedProcess:
    # cwd is the checkout: `python -m` puts the working directory first on sys.path
    env = dict(os.environ, PYTHONPATH=str(checkout))
    return subprocess.run([sys.executable, "-m", "codemods", *args], env=env, cwd=checkout,
                          capture_output=True, text=True, check=False)


def check_package(checkout: Path) -> None:
    """Exits unless `codemods` really comes from `checkout` (an editable install elsewhere would
    otherwise be measured instead)."""
    if not (checkout / "codemods").is_dir():
        sys.exit(f"{checkout} is not a shardfix checkout (no codemods/ in it)")
    proc = shardfix(checkout, "--version")
    where = subprocess.run([sys.executable, "-c", "import codemods; print(codemods.__file__)"],
                           env=dict(os.environ, PYTHONPATH=str(checkout)), cwd=checkout,
                           capture_output=True, text=True, check=False).stdout.strip()
    if proc.returncode != 0 or not where or not Path(where).resolve().is_relative_to(checkout.resolve()):
        sys.exit(f"codemods is imported from {where or '?'}, not from {checkout}")
