"""Reduction axes given as a Python literal string on the command line, read with ast.literal_eval."""
import ast

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DEFAULT_FLAGS = {"mesh": "{'data': 4, 'model': 2}", "loss_axes": "('data', 'model')"}


def body(logits, loss_axes):
    z = jax.lax.psum(jnp.sum(jnp.exp(logits), axis=-1), "model")
    return jax.lax.pmean(jnp.mean(jnp.log(z)), loss_axes)


def inputs():
    return (np.random.default_rng(52).normal(size=(16, 8)).astype(np.float32), DEFAULT_FLAGS)


def main(logits, flags):
    mesh_shape = ast.literal_eval(flags["mesh"])
    loss_axes = ast.literal_eval(flags["loss_axes"])
    mesh = jax.make_mesh(tuple(mesh_shape.values()), tuple(mesh_shape))
    fn = jax.shard_map(lambda x: body(x, loss_axes), mesh=mesh, in_specs=P("data", "model"), out_specs=P())
    return fn(jax.device_put(logits, NamedSharding(mesh, P("data", "model"))))


if __name__ == "__main__":
    main(*inputs())
