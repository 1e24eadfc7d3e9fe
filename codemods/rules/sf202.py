"""SF202: sharding APIs JAX moved or renamed (experimental.shard, use_mesh, experimental pjit)."""
from __future__ import annotations

from collections.abc import Iterator

from codemods import api_history
from codemods.context import FileContext
from codemods.model import Finding, RuleDoc
from codemods.rules._api_changes import ApiChanges
from codemods.rules.base import Rule


class MovedApi(Rule):
    code = "SF202"
    name = "moved-api"
    summary = 'Moved sharding APIs: jax.experimental.shard.{reshard,auto_axes,explicit_axes}, jax.sharding.use_mesh, jax.experimental.pjit.pjit and its old keywords, jax.core.get_aval'
    triggers = (b'experimental.shard', b'experimental import shard', b'use_mesh', b'pjit', b'axis_resources', b'get_aval',
                b'auto_axes', b'explicit_axes', b'set_mesh')
    apis = api_history.apis_of(code)
    doc = RuleDoc(
        what='Finds uses and imports of `jax.experimental.shard.reshard`, `auto_axes` and `explicit_axes`, of `jax.sharding.use_mesh`, of `jax.experimental.pjit.pjit` and of `jax.core.get_aval`, and the keywords `pjit(in_axis_resources=, out_axis_resources=)`, `with_sharding_constraint(axis_resources=)`, `auto_axes(out_shardings=)` and `explicit_axes(in_shardings=)` (at the decoration or at the decorated call); and `prev = jax.sharding.set_mesh(mesh)` later restored by `set_mesh(prev)` (reported only).',
        why='`jax.experimental.shard` lost these names in jax 0.7.0 and `use_mesh` was removed in 0.7.1 (code fails with `AttributeError` or `ImportError`); `pjit` is deprecated since 0.8.0; `jax.core.get_aval` is gone from 0.10 (it was `jax.typeof`); the `*axis_resources` keywords were renamed `in_shardings`/`out_shardings`/`shardings` in 2023 and are gone by 0.4.35; `auto_axes(out_shardings=)` and `explicit_axes(in_shardings=)` were renamed `out_sharding=`/`in_sharding=` in 0.6.1 with no alias; `set_mesh` returns a context object since 0.7.1, not the previous mesh, and rejects it as an argument.',
        example='from jax.experimental.shard import reshard\nwith jax.sharding.use_mesh(mesh):\n    y = pjit(f)(x)',
        use_instead='from jax.sharding import reshard\nwith jax.set_mesh(mesh):\n    y = jax.jit(f)(x)',
        fix_safety='Safe for the moved names (the same functions) and the renamed keywords (the same meaning). `pjit` -> `jax.jit` is unsafe: `jax.jit` reads bare `PartitionSpec` shardings only under `jax.set_mesh`, not under `with mesh:`. Reported only when the target JAX has the new spelling.',
        versions='jax.sharding.reshard/auto_axes/explicit_axes: jax >= 0.7.0 (jax.reshard >= 0.8.2); jax.set_mesh as a context manager: jax >= 0.7.1; jax.jit with in/out_shardings: all versions.',
    )

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        return ApiChanges(ctx, self.code).findings()
