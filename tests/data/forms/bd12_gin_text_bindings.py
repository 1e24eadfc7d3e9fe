import ast

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

GIN = """
loss_fn.normalizing_axes = ('i', 'j')
loss_fn.vocab_axis = 'j'
"""
BINDINGS = {key.strip(): ast.literal_eval(value.strip())
            for key, value in (line.split("=", 1) for line in GIN.strip().splitlines())}


def loss_fn(logits):
    vocab = BINDINGS["loss_fn.vocab_axis"]
    log_z = jnp.log(jax.lax.psum(jnp.sum(jnp.exp(logits), axis=-1), vocab))
    return jax.lax.pmean(jnp.mean(log_z), BINDINGS["loss_fn.normalizing_axes"])  # SF105


def main(mesh, logits):
    return jax.shard_map(loss_fn, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(logits)
