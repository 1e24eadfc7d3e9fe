"""Perceiver classifier head: the loss is averaged over the axes given by a default argument."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def classify(latents, w_head):
    pooled = jnp.mean(latents, axis=1)
    return pooled @ w_head


def averaged_loss(logits, labels, axes=("data", "latent")):
    nll = -jnp.take_along_axis(jax.nn.log_softmax(logits), labels[:, None], axis=1)
    return jax.lax.pmean(jnp.mean(nll), axes)


def inputs():
    rng = np.random.default_rng(30)
    latents = rng.normal(size=(8, 4, 6)).astype(np.float32)
    w_head = rng.normal(size=(6, 3)).astype(np.float32)
    labels = rng.integers(0, 3, size=(8,)).astype(np.int32)
    return latents, w_head, labels


def main(latents, w_head, labels):
    mesh = jax.make_mesh((2, 4), ("data", "latent"))
    latents = jax.device_put(latents, NamedSharding(mesh, P("data", "latent", None)))
    w_head = jax.device_put(w_head, NamedSharding(mesh, P()))
    labels = jax.device_put(labels, NamedSharding(mesh, P("data")))

    def step(z, w, y):
        pooled = jax.lax.pmean(jnp.mean(z, axis=1), "latent")
        return averaged_loss(pooled @ w, y)

    f = jax.jit(jax.shard_map(step, mesh=mesh, in_specs=(P("data", "latent", None), P(), P("data")),
                              out_specs=P()))
    return f(latents, w_head, labels)
