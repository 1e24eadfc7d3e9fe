"""Metrics averaged over the replica group of a NamedTuple layout; a layout without replicas has none."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Layout(NamedTuple):
    shard: str
    replicas: tuple


def inputs():
    return Layout("devices", ()), np.arange(16, dtype=np.float32)


def main(layout, values):
    mesh = jax.make_mesh((8,), (layout.shard,))
    values = jax.device_put(values, NamedSharding(mesh, P(layout.shard)))

    def metrics(v):
        copy = jax.lax.all_gather(v, layout.replicas, to="reduced")
        return jax.lax.pmean(copy, layout.replicas) + 1.0

    return jax.shard_map(metrics, mesh=mesh, in_specs=P(layout.shard), out_specs=P(layout.shard))(values)


if __name__ == "__main__":
    print(main(*inputs()))
