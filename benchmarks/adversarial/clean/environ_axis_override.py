"""Gradient all-reduce whose axes are read from the environment at run time."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduce_axes():
    # clusters that shard the batch over both axes export nothing and get the default
    raw = os.environ.get("TRAIN_REDUCE_AXES", "batch,tensor")
    return tuple(a for a in raw.split(",") if a)


def inputs():
    os.environ["TRAIN_REDUCE_AXES"] = "batch"
    return (np.linspace(-1.0, 1.0, 64, dtype=np.float32).reshape(16, 4),)


def main(feats):
    mesh = jax.make_mesh((4, 2), ("batch", "tensor"))
    feats = jax.device_put(feats, NamedSharding(mesh, P("batch")))
    axes = reduce_axes()

    def stats(f):
        s = jnp.sum(f, axis=0)
        return jax.lax.psum(s, axes)

    return jax.shard_map(stats, mesh=mesh, in_specs=P("batch"), out_specs=P())(feats)


if __name__ == "__main__":
    print(main(*inputs()))
