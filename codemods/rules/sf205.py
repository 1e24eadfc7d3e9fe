"""SF205: the vma attribute and ShapeDtypeStruct(vma=) (removed in jax 0.10.0)."""
from __future__ import annotations

import re
from collections.abc import Iterator

from codemods import api_history
from codemods.context import FileContext
from codemods.model import Finding, RuleDoc
from codemods.rules._api_changes import ApiChanges
from codemods.rules.base import Rule


# `vma` as a whole identifier (what `.vma` and `vma=` need), not inside `vmap`: the word alone
# let most of a JAX code base through to the parser.
_VMA = re.compile(rb"(?<![A-Za-z0-9_])vma(?![A-Za-z0-9_])")


class VmaRemoved(Rule):
    code = "SF205"
    name = "vma-removed"
    summary = 'jax.typeof(x).vma and ShapeDtypeStruct(vma=), removed in jax 0.10.0'
    triggers = (b'vma',)
    apis = api_history.apis_of(code)
    doc = RuleDoc(
        what='Finds `.vma` read on `jax.typeof(...)` and the `vma=` keyword of `jax.ShapeDtypeStruct`.',
        why='jax 0.10.0 replaced the varying-manual-axes set by `manual_axis_type` (`ManualAxisType(varying=, unreduced=, reduced=)`).',
        example='axes = jax.typeof(x).vma',
        use_instead='axes = jax.typeof(x).manual_axis_type.varying',
        fix_safety='Safe: `.vma` is the same frozenset of axis names as `.manual_axis_type.varying`, and `ShapeDtypeStruct(vma=s)` is `ShapeDtypeStruct(manual_axis_type=ManualAxisType(varying=s))` (the old keyword never set reduced or unreduced axes); run on jax 0.8.2 and 0.10.2.',
        versions='reported for --target-jax >= 0.10.0.',
    )

    @classmethod
    def may_match(cls, data: bytes) -> bool:
        return b"vma" in data and _VMA.search(data) is not None  # the plain test first: most files

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        return ApiChanges(ctx, self.code).findings()
