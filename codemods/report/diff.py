"""Unified diffs that `git apply` / `patch -p1` accept."""
from __future__ import annotations

import difflib
import re
from typing import Sequence

from codemods.model import FileResult

_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")
_NO_NEWLINE = "\\ No newline at end of file\n"


def _lines(text: str) -> list[str]:
    # str.splitlines would also split on form feeds and U+2028, which Python source keeps in a line.
    lines = _LINE.findall(text)
    if lines and not lines[-1].endswith(("\n", "\r")):
        lines[-1] += "\n" + _NO_NEWLINE
    return lines


def file_diff(result: FileResult) -> str:
    if not result.changed:
        return ""
    path = result.path.removeprefix("./")
    diff = difflib.unified_diff(_lines(result.original or ""), _lines(result.fixed or ""),
                                fromfile=f"a/{path}", tofile=f"b/{path}")
    return "".join(diff)


def render(results: Sequence[FileResult], rules=()) -> str:
    return "".join(file_diff(r) for r in results)
