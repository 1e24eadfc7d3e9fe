"""A results cache for `check`: a file whose path, size and mtime are unchanged since the last
run with the same settings is not read again (ruff's approach).

One JSON file per settings fingerprint in the user cache directory. A damaged or unreadable
cache is treated as empty; it never changes what is reported.
"""
from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path

from codemods import __version__
from codemods.model import Edit, FileResult, Finding, Fix, Safety, Span


def cache_dir() -> Path:
    override = os.environ.get("SHARDFIX_CACHE_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_cache_dir("shardfix"))


def _code_stamp() -> list:
    """Size and mtime of every module of shardfix: a changed rule or analysis (an upgrade, or a
    developer's edit) must not be answered from results the old code computed."""
    package = Path(__file__).resolve().parent
    stamps = []
    for path in sorted(package.rglob("*.py")):
        stat = path.stat()
        stamps.append((str(path.relative_to(package)), stat.st_size, stat.st_mtime_ns))
    return stamps


def fingerprint(options) -> str:
    key = repr((__version__, options.select, options.ignore, options.target, options.written_for, options.unsafe_fixes,
                options.prefilter, _code_stamp()))
    return hashlib.sha256(key.encode()).hexdigest()[:16]


def _finding_to_dict(f: Finding) -> dict:
    return {
        "code": f.code, "message": f.message, "span": list(vars(f.span).values()), "evidence": [list(e) for e in f.evidence],
        "fix": None if f.fix is None else {"description": f.fix.description, "safety": f.fix.safety.value,
                                           "edits": [[e.start, e.end, e.replacement] for e in f.fix.edits]},
    }


def _finding_from_dict(d: dict, path: str) -> Finding:
    fix = d["fix"]
    return Finding(
        d["code"], d["message"], Span(*d["span"]),
        None if fix is None else Fix(fix["description"], tuple(Edit(*e) for e in fix["edits"]), Safety(fix["safety"])),
        tuple(tuple(e) for e in d["evidence"]), path,
    )


class ResultCache:
    def __init__(self, options) -> None:
        self.path = cache_dir() / f"check-{fingerprint(options)}.json"
        self.entries: dict[str, list] = {}
        self.dirty = False
        try:
            self.entries = json.loads(self.path.read_text(encoding="utf-8"))
            if not isinstance(self.entries, dict):
                self.entries = {}
        except (OSError, ValueError):
            self.entries = {}

    @staticmethod
    def _stamp(path: Path) -> list[int] | None:
        try:
            stat = path.stat()
        except OSError:
            return None
        return [stat.st_size, stat.st_mtime_ns]

    def get(self, path: Path) -> FileResult | None:
        entry = self.entries.get(str(path.absolute()))
        if not entry or entry[0] != self._stamp(path):
            return None
        try:
            return FileResult(str(path), findings=[_finding_from_dict(d, str(path)) for d in entry[1]])
        except (KeyError, TypeError, ValueError):
            return None

    def put(self, path: Path, result: FileResult) -> None:
        # Errors are not cached: the user should see them on every run until they are fixed.
        stamp = self._stamp(path)
        if result.error is None and stamp is not None:
            self.entries[str(path.absolute())] = [stamp, [_finding_to_dict(f) for f in result.findings]]
            self.dirty = True

    def save(self) -> None:
        if not self.dirty:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.path.parent, suffix=".tmp")
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                json.dump(self.entries, handle, separators=(",", ":"))
            os.replace(tmp, self.path)
        except OSError:
            pass  # a cache that cannot be written only costs time
