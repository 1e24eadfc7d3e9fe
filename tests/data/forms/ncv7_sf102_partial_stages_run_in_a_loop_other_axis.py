"""The same loop of partial stages, but the second stage gathers over "i" only: a value reduced
on "j" may be gathered, reduced, over another axis."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def rollup(x, axes, dim):
    return jax.lax.all_gather(x, axes, axis=dim, tiled=True, to="reduced")


def build_stages():
    return [functools.partial(rollup, axes="j", dim=1), functools.partial(rollup, axes="i", dim=0)]


def main(mesh, x):
    stages = build_stages()

    def job(block):
        for stage in stages:
            block = stage(block)
        return block

    return jax.shard_map(job, mesh=mesh, in_specs=P("i", "j"), out_specs=P(reduced={"i", "j"}))(x)


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jnp.ones((8, 8)))
