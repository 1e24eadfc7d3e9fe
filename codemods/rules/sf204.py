"""SF204: jax.sharding.PositionalSharding (removed in jax 0.7.0)."""
from __future__ import annotations

from collections.abc import Iterator

from codemods import api_history
from codemods.context import FileContext
from codemods.model import Finding, RuleDoc
from codemods.rules._api_changes import ApiChanges
from codemods.rules.base import Rule


class PositionalShardingRemoved(Rule):
    code = "SF204"
    name = "positional-sharding"
    summary = 'jax.sharding.PositionalSharding, removed in jax 0.7.0 (report only)'
    triggers = (b'PositionalSharding',)
    apis = api_history.apis_of(code)
    doc = RuleDoc(
        what='Finds uses of `jax.sharding.PositionalSharding`, and methods or attributes read on a name holding one (`s = PositionalSharding(devs); s.reshape(4, 2)`, also through `reshape`, `replicate` and `transpose` results).',
        why='It was deprecated in jax 0.6.0 and removed in 0.7.0.',
        example='s = PositionalSharding(jax.devices()).reshape(2, 4)',
        use_instead="mesh = Mesh(np.array(jax.devices()).reshape(2, 4), ('a', 'b'))\ns = NamedSharding(mesh, P('a', 'b'))",
        fix_safety="No automatic fix: the mesh's axis names and device grid are choices the old code does not make.",
        versions='reported for --target-jax >= 0.7.0.',
    )

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        return ApiChanges(ctx, self.code).findings()
