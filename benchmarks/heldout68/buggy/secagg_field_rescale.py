import dataclasses
import functools
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = {"parties": "party", "shards": "tensor"}
FIELD_BITS = 16


def make_masked_sum(axes, scale=1.0 / (1 << FIELD_BITS)):
    def masked_sum(shares):
        shares = shares + jnp.float32(0.0)
        unmasked = jax.lax.all_gather(shares, axes["parties"], tiled=True, to="reduced")
        return unmasked * scale
    return masked_sum


class SecureAggregator:
    def __init__(self, mesh, axes=AXES):
        self.mesh = mesh
        self.axes = axes

    def aggregate(self, shares):
        fn = make_masked_sum(self.axes)
        return jax.shard_map(fn, mesh=self.mesh, in_specs=P(self.axes["parties"], self.axes["shards"]),
                             out_specs=P(None, "tensor"))(shares)


def inputs():
    mesh = jax.make_mesh((4, 2), tuple(AXES.values()))
    shares = jnp.asarray(np.random.default_rng(0).integers(0, 9, size=(8, 4)), jnp.float32)
    return mesh, jax.device_put(shares, NamedSharding(mesh, P(*AXES.values())))


def main(mesh, shares):
    agg = SecureAggregator(mesh)
    print(jax.device_get(agg.aggregate(shares)).shape)


if __name__ == "__main__":
    main(*inputs())
