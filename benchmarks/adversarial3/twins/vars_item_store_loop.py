"""Overrides written with vars(args)[key] = value in a loop (no setattr, no update)."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return argparse.Namespace(batch_axis="data", gather_axis="model"), {}, np.ones((8, 4), np.float32)


def main(args, overrides, w):
    mesh = jax.make_mesh((2, 4), (args.batch_axis, args.gather_axis))
    w = jax.device_put(w, NamedSharding(mesh, P(args.batch_axis)))
    for key, value in overrides.items():
        vars(args)[key] = value

    def step(w):
        return jnp.sin(jax.lax.all_gather(w, args.gather_axis, to="reduced", tiled=True))

    out = jax.shard_map(step, mesh=mesh, in_specs=P(args.batch_axis), out_specs=P(None, reduced={"data"}))(w)
    return float(np.asarray(out).sum())


if __name__ == "__main__":
    print(main(*inputs()))
