"""Gibbs kernel exp(-C/eps) of the full cost rows, with eps from a frozen config."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("src", "tgt"))


@dataclasses.dataclass(frozen=True)
class OTConfig:
    eps: float = 0.05
    src_axis: str = "src"


def gibbs(cost, cfg):
    c_all = jax.lax.all_gather(cost, cfg.src_axis, axis=0, tiled=True, to="reduced")
    k = jnp.exp(-c_all / cfg.eps)
    return k


def body(cost, v, cfg=OTConfig()):
    k = gibbs(cost, cfg)
    return jax.lax.psum(k @ v, "tgt")


def inputs():
    cost = jax.device_put(jax.random.uniform(jax.random.key(55), (32, 16)), NamedSharding(mesh, P("src", "tgt")))
    v = jax.device_put(jnp.ones((16,)), NamedSharding(mesh, P("tgt")))
    return cost, v


def main(cost, v):
    return jax.shard_map(body, mesh=mesh, in_specs=(P("src", "tgt"), P("tgt")), out_specs=P("src"))(cost, v)
