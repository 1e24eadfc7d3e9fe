"""Conversion report for a checkpoint converter: per-tensor norms checked by plugins."""
from typing import Callable, Dict

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("fsdp", "tp"))

CHECKS: Dict[str, Callable] = {}


def register_check(name):
    def deco(fn):
        CHECKS[name] = fn
        return fn
    return deco


@register_check("l2")
def l2_norms(shard, shard_axis):
    sq = jnp.sum(shard * shard, axis=0, keepdims=True)
    total = jax.lax.psum(sq, shard_axis)
    return jax.lax.all_gather(total, shard_axis, axis=0, tiled=True, to="reduced")


class ConversionReport:
    def __init__(self, check="l2", shard_axis="fsdp", model_axis="tp"):
        self.check = CHECKS[check]
        self.shard_axis = shard_axis
        self.model_axis = model_axis

    def run(self, weight):
        body = lambda w: self.check(w, self.shard_axis)
        fn = jax.shard_map(
            body, mesh=MESH,
            in_specs=P(self.shard_axis, self.model_axis),
            out_specs=P(None, self.model_axis, reduced={self.shard_axis}),
        )
        return fn(weight)


def inputs():
    w = jnp.linspace(-1.0, 1.0, 16 * 8, dtype=jnp.float32).reshape(16, 8)
    return (jax.device_put(w, NamedSharding(MESH, P("fsdp", "tp"))),)


def main(weight):
    return ConversionReport().run(weight)


if __name__ == "__main__":
    main(*inputs())
