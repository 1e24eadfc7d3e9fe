"""Build the reference corpus of issue 8: the Python sources of jax, jaxlib, flax, equinox,
optax and orbax-checkpoint, plus the maxtext wheel (about 1,700 files, 787,000 lines).

    python benchmarks/corpus.py [DIR]      # default: benchmarks/.corpus (git-ignored)

Prints the corpus's source directories, one per line. Needs the package registry; nothing of
the corpus is committed.
"""
from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

DEFAULT = Path(__file__).resolve().parent / ".corpus"
PACKAGES = ["jax", "jaxlib", "flax", "equinox", "optax", "orbax-checkpoint"]


def build(root: Path = DEFAULT) -> list[Path]:
    src, maxtext = root / "src", root / "maxtext"
    if not src.is_dir():
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(src), *PACKAGES],
                       check=True)
    if not maxtext.is_dir():
        wheels = root / "wheels"
        # maxtext needs Python 3.12 to install; its wheel is pure Python, so unpack it.
        subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--python-version", "3.12",
                        "--only-binary=:all:", "-d", str(wheels), "maxtext"], check=True)
        for wheel in wheels.glob("maxtext-*.whl"):
            with zipfile.ZipFile(wheel) as archive:
                archive.extractall(maxtext)
    return [src, maxtext]


def python_files(dirs: list[Path]) -> list[Path]:
    return sorted(p for d in dirs for p in d.rglob("*.py"))


if __name__ == "__main__":
    for directory in build(Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT):
        print(directory)
