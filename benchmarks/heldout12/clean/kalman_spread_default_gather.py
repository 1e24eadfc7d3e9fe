"""EnKF spread: pmean over members, then a plain (varying) gather for the diagnostics."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class FilterConfig:
    member_axis: str = "member"
    grid_axis: str = "grid"


def main(mesh, ens, cfg=FilterConfig()):
    def body(ens):
        mean = jax.lax.pmean(ens, cfg.member_axis)
        spread = jax.lax.pmean(jnp.abs(ens - mean), cfg.member_axis)
        shared = jax.lax.all_gather(spread, cfg.member_axis, axis=0, tiled=True)
        return shared

    f = jax.shard_map(body, mesh=mesh, in_specs=P(cfg.member_axis, cfg.grid_axis),
                      out_specs=P(cfg.member_axis, cfg.grid_axis))
    return f(ens)


def inputs():
    mesh = jax.make_mesh((4, 2), ("member", "grid"))
    ens = jax.random.normal(jax.random.key(1), (8, 16))
    return mesh, jax.device_put(ens, NamedSharding(mesh, P("member", "grid")))
