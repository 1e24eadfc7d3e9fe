"""Embedding L2 regulariser on pooled hashed features, reported as a mean over the mesh."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ParameterSharding(NamedTuple):
    sharding_type: str
    axes: tuple


PLAN = {"pooled": ParameterSharding("column_wise", ("data", "table"))}


class L2Regulariser:
    def __init__(self, weight, sharding):
        self.weight = weight
        self.sharding = sharding

    def __call__(self, pooled):
        data_axis, table_axis = self.sharding.axes
        sq_norm = jax.lax.psum(jnp.sum(pooled ** 2, axis=-1), table_axis)
        return self.weight * jax.lax.pmean(jnp.mean(sq_norm), self.sharding.axes)


def inputs():
    rng = np.random.default_rng(2665)
    return (rng.standard_normal((16, 32)).astype(np.float32),)


def main(pooled):
    sharding = PLAN["pooled"]
    mesh = jax.make_mesh((2, 4), sharding.axes)
    pooled = jax.device_put(pooled, NamedSharding(mesh, P(*sharding.axes)))
    fn = jax.shard_map(L2Regulariser(1e-4, sharding), mesh=mesh, in_specs=P(*sharding.axes), out_specs=P())
    return fn(pooled)


if __name__ == "__main__":
    print(main(*inputs()))
