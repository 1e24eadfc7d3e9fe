"""PaLM-style z-loss: logits sharded over the vocabulary, the softmax normaliser summed first."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DP, TP = "dp", "tp"
Z_LOSS = 1e-4


def z_loss(logits):
    local = jnp.sum(jnp.exp(logits), axis=-1)
    log_z = jnp.log(jax.lax.psum(local, TP))
    return Z_LOSS * jnp.sum(log_z ** 2)


def inputs():
    rng = np.random.default_rng(24)
    return (rng.normal(size=(8, 32)).astype(np.float32),)


def main(logits):
    mesh = jax.make_mesh((2, 4), (DP, TP))
    logits = jax.device_put(logits, NamedSharding(mesh, P(DP, TP)))

    def loss_fn(z):
        zl = z_loss(z)
        return jax.lax.psum(zl, (DP, TP))

    f = jax.jit(jax.shard_map(loss_fn, mesh=mesh, in_specs=(P(DP, TP),), out_specs=P()))
    return f(logits)
