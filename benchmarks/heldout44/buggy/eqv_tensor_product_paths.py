"""A fully connected tensor product whose path weights are collected per instruction."""
import functools
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Instruction(NamedTuple):
    i_in1: int
    i_in2: int
    i_out: int
    gather_axes: tuple


def instructions(mesh):
    data, channel = mesh.axis_names
    return (
        Instruction(0, 0, 0, (channel,)),
        Instruction(0, 1, 1, (channel, data)),
    )


def tensor_product(x1, x2, weights, *, instrs):
    paths = []
    for ins in instrs:
        w = jax.lax.all_gather(weights[ins.i_out], ins.gather_axes, axis=0, tiled=True, to="reduced")
        paths.append(w)
    first, second = paths
    mixed = jnp.exp(first)
    return jax.lax.all_gather(mixed, instrs[1].gather_axes, axis=1, tiled=True, to="reduced"), second


def inputs():
    rng = np.random.default_rng(13)
    x1 = rng.normal(size=(8, 4)).astype(np.float32)
    x2 = rng.normal(size=(8, 4)).astype(np.float32)
    w = rng.normal(size=(2, 8, 4)).astype(np.float32)
    return x1, x2, w


def main(x1, x2, w):
    mesh = jax.make_mesh((2, 4), ("data", "channel"))
    x_spec, w_spec = P("data", None), P(None, "channel", "data")
    x1, x2 = (jax.device_put(a, NamedSharding(mesh, x_spec)) for a in (x1, x2))
    w = jax.device_put(w, NamedSharding(mesh, w_spec))
    tp = functools.partial(tensor_product, instrs=instructions(mesh))
    return jax.shard_map(tp, mesh=mesh, in_specs=(x_spec, x_spec, w_spec),
                         out_specs=(P(None, None, reduced={"data", "channel"}),
                                    P(None, None, reduced={"data", "channel"})))(x1, x2, w)


if __name__ == "__main__":
    main(*inputs())
