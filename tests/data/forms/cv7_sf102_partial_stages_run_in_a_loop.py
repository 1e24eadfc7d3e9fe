"""A roll-up is a list of `functools.partial` stages of one helper, run in order by a loop; the
helper's only references are the partials, so its lines are judged where the loop calls them. The
second stage gathers, reduced, over ("i", "j") a value the first already gathered over "j"."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def rollup(x, axes, dim):
    return jax.lax.all_gather(x, axes, axis=dim, tiled=True, to="reduced")  # SF102


def build_stages():
    return [functools.partial(rollup, axes="j", dim=1), functools.partial(rollup, axes=("i", "j"), dim=0)]


def main(mesh, x):
    stages = build_stages()

    def job(block):
        for stage in stages:
            block = stage(block)
        return block

    return jax.shard_map(job, mesh=mesh, in_specs=P("i", "j"), out_specs=P(reduced={"i", "j"}))(x)


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jnp.ones((8, 8)))
