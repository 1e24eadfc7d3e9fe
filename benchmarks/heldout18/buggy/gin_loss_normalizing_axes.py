"""T5X-like loss with a configured normalisation: the per-example loss averaged over configured axes."""
import ast

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

GIN = """
loss_fn.normalizing_axes = ('data', 'model')
loss_fn.z_loss = 1e-4
"""
BINDINGS = dict((k.strip(), ast.literal_eval(v.strip())) for k, v in
                (line.split("=", 1) for line in GIN.strip().splitlines()))
mesh = jax.make_mesh((4, 2), ("data", "model"))


def loss_fn(logits_shard, targets):
    axes = BINDINGS["loss_fn.normalizing_axes"]
    m = jax.lax.pmax(jnp.max(logits_shard, axis=-1), "model")
    log_z = jnp.log(jax.lax.psum(jnp.sum(jnp.exp(logits_shard - m[:, None]), axis=-1), "model")) + m
    per_example = log_z - targets + BINDINGS["loss_fn.z_loss"] * log_z ** 2
    return jax.lax.pmean(jnp.mean(per_example), axes)


def inputs():
    logits = jnp.cos(jnp.arange(16 * 8, dtype=jnp.float32)).reshape(16, 8)
    return (jax.device_put(logits, NamedSharding(mesh, P("data", "model"))),
            jax.device_put(jnp.ones(16), NamedSharding(mesh, P("data"))))


def main(logits, targets):
    return jax.shard_map(loss_fn, mesh=mesh, in_specs=(P("data", "model"), P("data")),
                         out_specs=P())(logits, targets)
