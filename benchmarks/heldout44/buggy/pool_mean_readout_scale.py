"""Mean readout with a size-normalisation (1/sqrt(n)) applied to the collected node features."""
import functools
import math

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Readout:
    node_axis = "node"

    def collect(self, nodes):
        return jax.lax.all_gather(nodes, self.node_axis, axis=1, tiled=True, to="reduced")


class SizeNormalisedReadout(Readout):
    def __init__(self, n_nodes):
        self.scale = 1.0 / math.sqrt(n_nodes)

    def __call__(self, nodes):
        full = self.collect(nodes)
        summed = jnp.sum(full, axis=1)
        return summed * self.scale


def inputs():
    return (np.random.default_rng(35).normal(size=(4, 16, 8)).astype(np.float32),)


def main(nodes):
    mesh = jax.make_mesh((2, 4), ("batch", Readout.node_axis))
    spec = P("batch", Readout.node_axis, None)
    nodes = jax.device_put(nodes, NamedSharding(mesh, spec))
    readout = SizeNormalisedReadout(n_nodes=16)
    return jax.shard_map(readout, mesh=mesh, in_specs=(spec,), out_specs=P("batch", None))(nodes)


if __name__ == "__main__":
    main(*inputs())
