"""Reduction axes taken from an environment variable (as a launcher script exports them)."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

os.environ.setdefault("TRAIN_REDUCE_AXES", "data,model")


def reduce_axes():
    return tuple(a.strip() for a in os.environ["TRAIN_REDUCE_AXES"].split(",") if a.strip())


def loss_body(logits):
    row = jax.lax.psum(jnp.sum(jnp.square(logits), axis=-1), "model")
    return jax.lax.pmean(row.mean(), reduce_axes())


def inputs():
    return (np.random.default_rng(37).normal(size=(16, 8)).astype(np.float32),)


def main(logits):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    fn = jax.shard_map(loss_body, mesh=mesh, in_specs=P("data", "model"), out_specs=P())
    return fn(jax.device_put(logits, NamedSharding(mesh, P("data", "model"))))


if __name__ == "__main__":
    main(*inputs())
