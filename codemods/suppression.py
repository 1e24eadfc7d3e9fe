"""Suppression comments: `# shardfix: ignore[SF201]`, `# noqa: SF201` on a reported line, and
`# shardfix: noqa` (optionally `: SF201, ...`) on a line of its own for the whole file.

Codes are read case-insensitively (`# noqa: sf201`), as ruff reads them. The same parser tells
`shardfix check --report-unused-suppressions` which comments silenced nothing.
"""
from __future__ import annotations

import re
from codemods.dataclass_code import dataclass
from typing import Iterable

from codemods.model import Finding

_CODE = r"[A-Za-z]+[0-9]+"
_LINE = re.compile(
    rf"#\s*(?P<kind>shardfix:\s*ignore|noqa)(?P<codes>\s*(?:\[[^\]]*\]|:\s*{_CODE}(?:\s*,\s*{_CODE})*))?",
    re.IGNORECASE,
)
# Python ends a source line at \r\n, \r or \n only; str.splitlines also splits at form feeds and
# other separators, which would shift every later line against the findings' line numbers.
_LINE_END = re.compile(r"\r\n|\r|\n")


# The separators str.splitlines splits at besides \r\n, \r and \n.
_OTHER_SEPARATORS = ("\v", "\f", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029")


def python_line_ends_only(text: str) -> bool:
    """`text` holds no separator but those Python ends lines at: str.splitlines (in C, five
    times cheaper than a regular expression) then splits it at Python's lines."""
    return not any(separator in text for separator in _OTHER_SEPARATORS)


def source_lines(text: str, keepends: bool = False) -> list[str]:
    """The lines of `text` as Python numbers them."""
    if python_line_ends_only(text):
        return text.splitlines(keepends)
    if keepends:
        return [match.group() for match in re.finditer(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$", text)]
    lines = _LINE_END.split(text)
    return lines[:-1] if lines and lines[-1] == "" else lines


_FILE = re.compile(rf"^\s*#\s*shardfix:\s*noqa(?P<codes>\s*:\s*{_CODE}(?:\s*,\s*{_CODE})*)?\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class Directive:
    line: int  # 1-based
    start: int  # column offsets of the comment text in its line
    end: int
    codes: tuple[str, ...] | None  # None: every code
    whole_file: bool
    shardfix_only: bool  # `# shardfix: ...`, not the `# noqa` other linters share

    def covers(self, finding: Finding) -> bool:
        if not self.whole_file and self.line not in (finding.span.line, finding.span.end_line):
            return False
        return self.codes is None or any(finding.code.startswith(code) for code in self.codes)


def _codes(text: str | None) -> tuple[str, ...] | None:
    if not text:
        return None
    return tuple(code.upper() for code in re.findall(_CODE, text))


def directives(lines: list[str]) -> list[Directive]:
    """Every suppression comment in the file's lines (cheap when there is none)."""
    found = []
    for number, line in enumerate(lines, 1):
        if "#" not in line:
            continue
        whole = _FILE.match(line)
        if whole:
            start = line.index("#")
            found.append(Directive(number, start, len(line.rstrip()), _codes(whole.group("codes")), True, True))
            continue
        for match in _LINE.finditer(line):
            shardfix_only = match.group("kind").lower().startswith("shardfix")
            found.append(Directive(number, match.start(), match.end(), _codes(match.group("codes")), False, shardfix_only))
    return found


def suppressed(finding: Finding, lines: list[str], file_directives: list[Directive] | None = None) -> bool:
    """Whether a comment in `lines` (the file's text split in lines) silences `finding`.

    `file_directives`: what `file_directives(lines)` returns, when the caller asks about many
    findings of one file (each call would read every line again).
    """
    if any(0 < number <= len(lines) and suppresses(lines[number - 1], finding.code)
           for number in {finding.span.line, finding.span.end_line}):
        return True
    directives = file_directives if file_directives is not None else _file_directives(lines)
    return any(d.covers(finding) for d in directives)


def file_directives(lines: list[str]) -> list[Directive]:
    """The file-level `# shardfix: noqa[: CODES]` comments of `lines`."""
    return _file_directives(lines)


def _file_directives(lines: list[str]) -> list[Directive]:
    # Most files hold no `noqa` at all: one look at the whole text instead of a lowered copy of
    # each line (a line holding it makes the joined text hold it).
    if "noqa" not in "".join(lines).lower():
        return []
    return [Directive(n, 0, 0, _codes(m.group("codes")), True, True)
            for n, line in enumerate(lines, 1) if "noqa" in line.lower() and (m := _FILE.match(line))]


def unused(found: Iterable[Directive], raw_findings: Iterable[Finding], selected,
           every_rule_selected: bool) -> list[tuple[Directive, tuple[str, ...]]]:
    """The directives (with the codes of each) that silence none of `raw_findings`, the
    findings the file has with no comment honoured. Only what is certainly shardfix's is
    reported: a bare `# noqa` or `# noqa: E501` may be for another linter, and a code whose
    rule did not run (`selected(code)` false) proves nothing, nor does a comment without codes
    unless every rule ran."""
    raw = list(raw_findings)
    result = []
    for directive in found:
        if directive.codes is None:
            if directive.shardfix_only and every_rule_selected and not any(directive.covers(f) for f in raw):
                result.append((directive, ()))
            continue
        idle = tuple(code for code in directive.codes
                     if code.startswith("SF") and selected(code)
                     and not any(Directive(directive.line, 0, 0, (code,), directive.whole_file, True).covers(f) for f in raw))
        if idle:
            result.append((directive, idle))
    return result


def blank_directives(text: str, found: Iterable[Directive]) -> str:
    """`text` with every directive's comment replaced by spaces (offsets and lines kept), so
    the engine reports what the comments would have silenced."""
    lines = source_lines(text, keepends=True)
    for directive in found:
        line = lines[directive.line - 1]
        end = directive.end if not directive.whole_file else len(line.rstrip("\r\n"))
        lines[directive.line - 1] = line[:directive.start] + " " * (end - directive.start) + line[end:]
    return "".join(lines)


def suppresses(line: str, code: str | None) -> bool:
    """True when `line` holds a suppression comment covering `code` (None: any code)."""
    if "#" not in line:
        return False
    for match in _LINE.finditer(line):
        codes = _codes(match.group("codes"))
        if codes is None or code is None or any(code.upper().startswith(named) for named in codes):
            return True
    return False


def suppressed_lines(text: str, code: str | None = None) -> set[int]:
    """1-based numbers of the lines of `text` whose findings of `code` are suppressed (every
    line, when a file-level `# shardfix: noqa` covers it)."""
    lines = source_lines(text)
    if any(d.codes is None or code is None or any(code.upper().startswith(c) for c in d.codes)
           for d in _file_directives(lines)):
        return set(range(1, len(lines) + 1))
    return {number for number, line in enumerate(lines, 1) if suppresses(line, code)}
