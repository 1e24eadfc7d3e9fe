"""Unified diffs that `git apply` / `patch -p1` accept."""
from __future__ import annotations

import difflib
import re
from typing import Mapping, Sequence

from codemods.model import FileResult

_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")
_NO_NEWLINE = "\\ No newline at end of file\n"


def _lines(text: str) -> list[str]:
    # str.splitlines would also split on form feeds and U+2028, which Python source keeps in a line.
    lines = _LINE.findall(text)
    if lines and not lines[-1].endswith(("\n", "\r")):
        lines[-1] += "\n" + _NO_NEWLINE
    return lines


def _diff_lines(result: FileResult, bom: bool = False) -> list[str]:
    if not result.changed:
        return []
    path = result.path.removeprefix("./")
    mark = "\ufeff" if bom else ""  # a BOM belongs to the first line as git sees it
    return list(difflib.unified_diff(_lines(mark + (result.original or "")), _lines(mark + (result.fixed or "")),
                                     fromfile=f"a/{path}", tofile=f"b/{path}"))


def file_diff(result: FileResult) -> str:
    return "".join(_diff_lines(result))


def render(results: Sequence[FileResult], rules=()) -> str:
    return "".join(file_diff(r) for r in results)


def render_bytes(results: Sequence[FileResult], encodings: Mapping[str, str]) -> bytes:
    """The patch as bytes, each file's lines in that file's own encoding (`encodings`: path ->
    codec, as read), so `git apply` finds a latin-1 file's context; the paths in the headers
    are UTF-8, as git writes them."""
    out = []
    for result in results:
        encoding = encodings.get(result.path, "utf-8")
        bom = encoding == "utf-8-sig"
        lines = _diff_lines(result, bom)
        if not lines:
            continue
        out.extend(line.encode("utf-8", "surrogateescape") for line in lines[:2])
        codec = "utf-8" if bom else encoding
        out.extend(line.encode(codec, "surrogateescape") for line in lines[2:])
    return b"".join(out)
