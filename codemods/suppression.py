"""Inline suppression comments: which lines' findings the user silenced."""
from __future__ import annotations

import re

# A suppression comment: `# noqa`, `# noqa: SF201, SF1`, `# shardfix: ignore[SF201]`.
SUPPRESSION = re.compile(
    rb"#\s*(?:shardfix:\s*ignore|noqa)(?P<codes>\s*(?:\[[^\]]*\]|:\s*[A-Z]+[0-9]+(?:\s*,\s*[A-Z]+[0-9]+)*))?",
)


def suppresses(line: str, code: str | None) -> bool:
    """True when `line` holds a suppression comment covering `code` (None: any code)."""
    for match in SUPPRESSION.finditer(line.encode("utf-8", "surrogatepass")):
        codes = match.group("codes")
        if codes is None or code is None:
            return True
        if any(code.encode().startswith(named) for named in re.findall(rb"[A-Z]+[0-9]+", codes)):
            return True
    return False


def suppressed_lines(text: str, code: str | None = None) -> set[int]:
    """1-based numbers of the lines of `text` whose findings of `code` are suppressed."""
    return {number for number, line in enumerate(text.splitlines(), 1) if suppresses(line, code)}
