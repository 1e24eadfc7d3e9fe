"""Which files a run looks at: the paths given, directories walked like ruff walks them."""
from __future__ import annotations

import fnmatch
import os
import re
from dataclasses import field
from codemods.dataclass_code import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from codemods.fs import TEMP_SUFFIX

if TYPE_CHECKING:
    import pathspec

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


def exclusion_test(excludes: tuple[str, ...]):
    """Whether an entry (its path relative to the walked root, and its name) matches an
    `--exclude` glob: as `fnmatch.fnmatch` on the path, on the name, or on the path as inside
    the glob's directory, with the patterns compiled once for the whole walk."""
    if not excludes:
        return None
    compiled = [(re.compile(fnmatch.translate(os.path.normcase(pat))).match,
                 re.compile(fnmatch.translate(os.path.normcase(pat.rstrip("/") + "/*"))).match) for pat in excludes]

    def excluded(rel: str, name: str) -> bool:
        rel, name = os.path.normcase(rel), os.path.normcase(name)
        return any(whole(rel) or whole(name) or inside(rel) for whole, inside in compiled)

    return excluded


def _gitignore(directory: Path | str) -> pathspec.PathSpec | None:
    try:
        with open(os.path.join(directory, ".gitignore"), encoding="utf-8", errors="replace") as handle:
            lines = handle.read().splitlines()
    except OSError:
        return None
    import pathspec  # only trees that have a .gitignore pay for importing it

    # GitIgnoreSpec reproduces git's own edge cases; the "gitwildmatch" factory is deprecated
    # in pathspec 1.x.
    return pathspec.GitIgnoreSpec.from_lines(lines)


def discover(paths: list[Path], excludes: tuple[str, ...] = (), force_exclude: bool = False) -> Discovery:
    """The files under `paths`. A file named explicitly is checked whatever its name, unless
    `force_exclude` (pre-commit passes every staged file by name) and an exclude matches it."""
    found = Discovery()
    excluded = exclusion_test(excludes) if force_exclude else None
    # Absolute spellings of the files already found, as strings (compared as paths compare):
    # `Path.absolute()` per walked file costs more than the rest of the walk.
    seen: set[str] = set()
    cwd = os.getcwd()

    def add(path: Path) -> None:
        key = os.path.normcase(path.absolute())
        if key not in seen:
            seen.add(key)
            found.files.append(path)

    def add_walked(text: str) -> None:
        key = os.path.normcase(os.path.join(cwd, text))
        if key not in seen:
            seen.add(key)
            found.files.append(Path(text))

    for given in paths:
        if not given.exists() and not given.is_symlink():
            found.errors.append((str(given), "no such file or directory"))
        elif given.is_dir():
            _walk(given, excludes, add_walked, found.temp_files, found.errors)
        elif given.is_symlink() and not given.exists():
            found.errors.append((str(given), "broken symbolic link"))
        elif given.is_symlink():
            # Never read or written through (as in a walked tree), so check and apply agree.
            found.errors.append((str(given), f"is a symbolic link; name the file it points to ({os.path.realpath(given)})"))
        elif excluded is not None and named_excluded(given, excluded):
            continue
        else:
            add(given)  # named explicitly: checked whatever its name (ruff does the same)
    return found


def named_excluded(path: Path, excluded) -> bool:
    """Whether an exclude glob matches a path named on the command line: as relative to the
    working directory, or any of its trailing parts (`tests/gen/*` matches `a/tests/gen/m.py`)."""
    try:
        rel = path.absolute().relative_to(Path.cwd().absolute()).as_posix()
    except ValueError:
        rel = path.as_posix()
    parts = rel.split("/")
    return any(excluded("/".join(parts[i:]), parts[-1]) or excluded("/".join(parts[:i]), parts[i - 1])
               for i in range(1, len(parts) + 1))


def _walk(root: Path, excludes: tuple[str, ...], add, temp_files: list[Path], errors: list[tuple[str, str]]) -> None:
    """Depth first: a directory's files in name order, then its subdirectories in name order
    (as `os.walk` with sorted names gives them).

    Works on strings and `os.scandir` entries (whose type needs no system call): a `Path` per
    entry was most of the cost of a run that parses nothing. Paths are spelled as `Path` would
    spell them: `str(root)` is already normal, and only a root of '.' would add a prefix.
    """
    excluded = exclusion_test(excludes)
    top = str(root)
    prefix = "" if top == "." else os.path.join(top, "")
    # (directory as spelled, its path relative to root, the gitignore specs of its parents with
    # the relative path of the directory each was read in). A directory's own pyvenv.cfg and
    # .gitignore are looked for in its listing: no system call for the many that have none.
    pending: list[tuple[str, str, list[tuple[str, pathspec.PathSpec]]]] = [(top, "", [])]
    while pending:
        here, here_rel, specs = pending.pop()
        try:
            with os.scandir(here) as listing:
                entries = list(listing)
        except OSError as exc:
            # Skipping it would report a tree as clean that was never read.
            errors.append((here, f"cannot read directory: {exc.strerror or exc}"))
            continue
        entries.sort(key=lambda entry: entry.name)
        names = {entry.name: entry for entry in entries}
        if here_rel and "pyvenv.cfg" in names and _is_file(names["pyvenv.cfg"]):
            continue  # a virtual environment
        if ".gitignore" in names:
            spec = _gitignore(here)
            if spec is not None:
                specs = specs + [(here_rel, spec)]

        def ignored(rel_root: str, name: str, is_dir: bool) -> bool:
            if excluded is not None and excluded(rel_root, name):
                return True
            for base, spec in specs:
                rel = (rel_root[len(base) + 1:] if base else rel_root) + ("/" if is_dir else "")
                if spec.match_file(rel):
                    return True
            return False

        at_top = here == top
        kept = []
        for entry in entries:
            name = entry.name
            try:
                is_dir = entry.is_dir()
            except OSError:
                is_dir = False
            rel = f"{here_rel}/{name}" if here_rel else name
            if is_dir:
                if name in SKIPPED_DIRS or entry.is_symlink() or ignored(rel, name, True):
                    continue
                kept.append((f"{prefix}{name}" if at_top else os.path.join(here, name), rel, specs))
                continue
            if name.endswith(TEMP_SUFFIX):
                temp_files.append(Path(f"{prefix}{name}" if at_top else os.path.join(here, name)))
            if not name.endswith(".py"):
                continue
            # A symlinked file may point outside the tree: never read or written through.
            if entry.is_symlink() or ignored(rel, name, False):
                continue
            add(f"{prefix}{name}" if at_top else os.path.join(here, name))
        pending.extend(reversed(kept))


def _is_file(entry: os.DirEntry) -> bool:
    try:
        return entry.is_file()
    except OSError:
        return False
