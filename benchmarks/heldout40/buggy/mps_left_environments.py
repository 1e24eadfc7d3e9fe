"""Left environment blocks of a DMRG sweep, assembled level by level from the bond shards."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Axes(NamedTuple):
    site: str = "site"
    bond: str = "bond"


class EnvironmentBuilder:
    def __init__(self, axes=Axes()):
        self.axes = axes
        self.levels = [axes.site, (axes.bond, axes.site)]

    def assemble(self, block):
        env = jnp.einsum("ij,kj->ik", block, block)
        for level in self.levels:
            env = jax.lax.all_gather(env, level, axis=0, tiled=True, to="reduced")
        return env


def inputs():
    rng = np.random.default_rng(1)
    return (rng.normal(size=(8, 16)).astype(np.float32),)


def main(block):
    axes = Axes()
    mesh = jax.make_mesh((4, 2), tuple(axes))
    block = jax.device_put(block, NamedSharding(mesh, P(axes.site, axes.bond)))
    builder = EnvironmentBuilder(axes)
    run = jax.shard_map(builder.assemble, mesh=mesh, in_specs=P(axes.site, axes.bond),
                        out_specs=P(None, None, reduced={axes.site, axes.bond}))
    return run(block)


if __name__ == "__main__":
    main(*inputs())
