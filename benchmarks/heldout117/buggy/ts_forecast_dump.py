"""Demand forecasting: write the full forecast cube for the planning system.

Gathers are given as repeated "--gather AXES" options, applied in order.
"""
import shlex

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ARGV = "--mesh 4x2 --names series,horizon --gather horizon:1 --gather series,horizon:0"


def parse(text):
    words = shlex.split(text)
    opts = {"gather": []}
    it = iter(words)
    for flag in it:
        value = next(it)
        if flag == "--gather":
            axes, _, dim = value.partition(":")
            opts["gather"].append((tuple(axes.split(",")), int(dim)))
        else:
            opts[flag[2:]] = value
    return opts


def inputs():
    rng = np.random.default_rng(61)
    return (rng.normal(size=(16, 8)).astype(np.float32),)


def main(fc):
    opts = parse(ARGV)
    names = tuple(opts["names"].split(","))
    mesh = jax.make_mesh(tuple(int(s) for s in opts["mesh"].split("x")), names)
    fc = jax.device_put(fc, NamedSharding(mesh, P(*names)))

    def body(x):
        for axes, dim in opts["gather"]:
            x = jax.lax.all_gather(x, axes, axis=dim, tiled=True, to="reduced")
        return x

    cube = jax.shard_map(body, mesh=mesh, in_specs=P(*names),
                         out_specs=P(None, None, reduced=set(names)))(fc)
    print(cube.shape)
    return cube


if __name__ == "__main__":
    main(*inputs())
