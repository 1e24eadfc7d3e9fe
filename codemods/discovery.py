"""Which files a run looks at: the paths given, directories walked like ruff walks them."""
from __future__ import annotations

import fnmatch
import os
from dataclasses import dataclass, field
from pathlib import Path

import pathspec

from codemods.fs import TEMP_SUFFIX

# Never source the user means to check: VCS data, caches, build output.
SKIPPED_DIRS = frozenset(
    {".git", ".hg", ".svn", "__pycache__", "build", "dist", ".tox", ".nox", ".venv", "venv",
     ".mypy_cache", ".pytest_cache", ".ruff_cache", "node_modules", ".eggs"}
)


@dataclass
class Discovery:
    files: list[Path] = field(default_factory=list)
    errors: list[tuple[str, str]] = field(default_factory=list)  # (path, reason)
    temp_files: list[Path] = field(default_factory=list)  # left by an interrupted apply


def _excluded(rel: str, name: str, excludes: tuple[str, ...]) -> bool:
    return any(fnmatch.fnmatch(rel, pat) or fnmatch.fnmatch(name, pat) or fnmatch.fnmatch(rel, pat.rstrip("/") + "/*")
               for pat in excludes)


def _gitignore(directory: Path) -> pathspec.PathSpec | None:
    try:
        lines = (directory / ".gitignore").read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return None
    return pathspec.PathSpec.from_lines("gitwildmatch", lines)


def _is_venv(directory: Path) -> bool:
    return (directory / "pyvenv.cfg").is_file()


def discover(paths: list[Path], excludes: tuple[str, ...] = ()) -> Discovery:
    found = Discovery()
    seen: set[Path] = set()

    def add(path: Path) -> None:
        key = path.absolute()
        if key not in seen:
            seen.add(key)
            found.files.append(path)

    for given in paths:
        if not given.exists() and not given.is_symlink():
            found.errors.append((str(given), "no such file or directory"))
        elif given.is_dir():
            _walk(given, excludes, add, found.temp_files)
        elif given.is_symlink() and not given.exists():
            found.errors.append((str(given), "broken symbolic link"))
        else:
            add(given)  # named explicitly: checked whatever its name (ruff does the same)
    return found


def _walk(root: Path, excludes: tuple[str, ...], add, temp_files: list[Path]) -> None:
    # (directory, gitignore specs that apply with the directory each is relative to)
    ignores: dict[Path, list[tuple[Path, pathspec.PathSpec]]] = {}
    root_spec = _gitignore(root)
    ignores[root] = [(root, root_spec)] if root_spec else []
    # os.walk does not follow directory symlinks, so symlink loops cannot trap it.
    for dirpath, dirnames, filenames in os.walk(root):
        here = Path(dirpath)
        specs = ignores.pop(here, [])

        def ignored(path: Path, is_dir: bool) -> bool:
            rel_root = path.relative_to(root).as_posix()
            if _excluded(rel_root, path.name, excludes):
                return True
            for base, spec in specs:
                rel = path.relative_to(base).as_posix() + ("/" if is_dir else "")
                if spec.match_file(rel):
                    return True
            return False

        kept = []
        for name in sorted(dirnames):
            sub = here / name
            if name in SKIPPED_DIRS or sub.is_symlink() or _is_venv(sub) or ignored(sub, True):
                continue
            kept.append(name)
            sub_spec = _gitignore(sub)
            ignores[sub] = specs + ([(sub, sub_spec)] if sub_spec else [])
        dirnames[:] = kept
        for name in sorted(filenames):
            if name.endswith(TEMP_SUFFIX):
                temp_files.append(here / name)
            if not name.endswith(".py"):
                continue
            path = here / name
            # A symlinked file may point outside the tree: never read or written through.
            if path.is_symlink() or ignored(path, False):
                continue
            add(path)
