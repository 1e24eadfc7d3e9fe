"""SF203: jax.device_put_sharded / device_put_replicated (removed in jax 0.10.0)."""
from __future__ import annotations

from collections.abc import Iterator

from codemods import api_history
from codemods.context import FileContext
from codemods.model import Finding, RuleDoc
from codemods.rules._api_changes import ApiChanges
from codemods.rules.base import Rule


class DevicePutSharded(Rule):
    code = "SF203"
    name = "device-put-sharded"
    summary = 'jax.device_put_sharded / device_put_replicated, removed in jax 0.10.0'
    triggers = (b'device_put_sharded', b'device_put_replicated')
    apis = api_history.apis_of(code)
    doc = RuleDoc(
        what='Finds calls of `jax.device_put_sharded(shards, devices)` and `jax.device_put_replicated(x, devices)`.',
        why="Both were deprecated in jax 0.8.1 and removed in 0.10.0: `AttributeError: module 'jax' has no attribute 'device_put_sharded'`.",
        example='y = jax.device_put_sharded(shards, devices)',
        use_instead="y = jax.device_put(jax.tree.map(lambda *s: jnp.stack(s), *shards), NamedSharding(Mesh(devices, ('d',)), P('d')))",
        fix_safety='Safe: the same stacked values, laid out one slice per device over the same devices (each leaf of a pytree of shards is stacked). Only `f(values, devices)` with plain arguments is rewritten; for `device_put_replicated` the devices are written twice, so only names, attributes, subscripts and `jax.devices()` qualify.',
        versions='reported for --target-jax >= 0.8.1.',
    )

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        return ApiChanges(ctx, self.code).findings()
