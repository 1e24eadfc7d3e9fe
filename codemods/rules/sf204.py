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
    summary = 'jax.sharding.PositionalSharding, removed in jax 0.7.0'
    triggers = (b'PositionalSharding',)
    apis = api_history.apis_of(code)
    doc = RuleDoc(
        what='Finds uses of `jax.sharding.PositionalSharding`, and methods or attributes read on a name holding one (`s = PositionalSharding(devs); s.reshape(4, 2)`, also through `reshape`, `replicate` and `transpose` results).',
        why='It was deprecated in jax 0.6.0 and removed in 0.7.0.',
        example='s = PositionalSharding(jax.devices()).reshape(2, 4)',
        use_instead="s = NamedSharding(Mesh(np.array(jax.devices()).reshape(2, 4), ('d0', 'd1')), P('d0', 'd1'))",
        fix_safety="Safe, for `PositionalSharding(devices)` with `.reshape(a, b)` and/or `.replicate()` / `.replicate(k)`: the fix writes the NamedSharding over a Mesh of the same devices in the same grid, with one named axis per dimension (`P()` for `.replicate()`, `None` at k for `.replicate(k)`), which places every shard on the same device (checked on jax 0.4.35 and 0.6.2). A name assigned once from `PositionalSharding(devices)` whose uses are all such chains holds the device array instead. No fix when the rank of the grid is unknown, an attribute is read on the result, it is passed to a function of the module, numpy is not imported, or a module-level name could be imported elsewhere.",
        versions='reported for --target-jax >= 0.7.0.',
    )

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        return ApiChanges(ctx, self.code).findings()
