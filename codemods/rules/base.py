"""The contract every rule fulfils. Rules read a FileContext and yield Findings; they never
print, touch files or import JAX."""
from __future__ import annotations

import re
from typing import ClassVar, Iterator

from codemods.context import FileContext
from codemods.model import RuleDoc, Finding


class Rule:
    code: ClassVar[str]
    name: ClassVar[str]  # kebab-case, as in `shardfix rules`
    summary: ClassVar[str]
    doc: ClassVar[RuleDoc]
    # The prefilter: a file that matches none of these byte patterns cannot hold a finding of
    # this rule, so it is never parsed. Err on the side of matching.
    triggers: ClassVar[tuple[bytes, ...]]

    def check(self, ctx: FileContext) -> Iterator[Finding]:  # pragma: no cover - interface
        raise NotImplementedError

    @classmethod
    def trigger_pattern(cls) -> bytes:
        return b"|".join(re.escape(t) for t in cls.triggers)
