"""LoRA: the gathered A factor is scaled by alpha / rank before use."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class LoraConfig(NamedTuple):
    rank: int = 4
    alpha: float = 8.0
    axis: str = "tp"


def merged_a(a, cfg=LoraConfig()):
    a_full = jax.lax.all_gather(a, cfg.axis, axis=0, tiled=True, to="reduced")
    scaled = a_full * (cfg.alpha / cfg.rank)
    return scaled


def inputs():
    mesh = jax.make_mesh((2, 4), ("dp", "tp"))
    a = jax.random.normal(jax.random.key(40), (16, 4)) * 0.01
    return mesh, jax.device_put(a, NamedSharding(mesh, P("tp")))


def main(mesh, a):
    return jax.shard_map(merged_a, mesh=mesh, in_specs=P("tp"), out_specs=P(reduced={"tp"}))(a)
