"""SF206: `with mesh:` (deprecated in jax 0.10.1)."""
from __future__ import annotations

import re
from collections.abc import Iterator

from codemods import api_history
from codemods.context import FileContext
from codemods.model import Finding, RuleDoc
from codemods.rules._api_changes import ApiChanges
from codemods.rules.base import Rule


# A `with` statement starts its physical line (after indentation, or `async`): it cannot follow
# `;` or a compound statement's colon. Most files that say `Mesh` hold no such line.
_WITH_STATEMENT = re.compile(rb"(?:^|[\r\n])[ \t\f]*(?:async[ \t\f]+)?with\b")


class WithMesh(Rule):
    code = "SF206"
    name = "with-mesh"
    summary = '`with mesh:` on a Mesh, deprecated in jax 0.10.1 (use jax.set_mesh)'
    triggers = (b'Mesh', b'make_mesh')
    apis = api_history.apis_of(code)
    doc = RuleDoc(
        what='Finds `with m:` where `m` is certainly a mesh: a call of `jax.sharding.Mesh` / `jax.make_mesh`, or a name assigned once from one.',
        why='Entering a mesh directly is deprecated since jax 0.10.1; on jax 0.8.1 and later only `pjit` and `with_sharding_constraint` read that mesh, `jax.jit` with bare `PartitionSpec`s fails.',
        example='with mesh:\n    y = f(x)',
        use_instead='with jax.set_mesh(mesh):\n    y = f(x)',
        fix_safety='Unsafe: under `jax.set_mesh`, `jax.jit` checks committed inputs against bare `PartitionSpec` shardings that `with mesh:` ignored, so a program can start failing.',
        versions='reported for --target-jax >= 0.10.1.',
    )

    @classmethod
    def may_match(cls, data: bytes) -> bool:
        return any(t in data for t in cls.triggers) and _WITH_STATEMENT.search(data) is not None

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        return ApiChanges(ctx, self.code).findings()
