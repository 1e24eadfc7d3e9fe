"""Sinusoidal timestep embedding + MLP, with the embedding table gathered once and re-split per layer."""
import math

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def timestep_embedding(t, dim, max_period=10000.0):
    half = dim // 2
    freqs = jnp.exp(-math.log(max_period) * jnp.arange(half) / half)
    args = t[:, None] * freqs[None]
    return jnp.concatenate([jnp.cos(args), jnp.sin(args)], axis=-1)


class TimestepEmbedder:
    def __init__(self, dim=8, model_axis="model"):
        self.dim = dim
        self.model_axis = model_axis

    def embedding_table(self, t):
        local = timestep_embedding(t, self.dim)
        return jax.lax.all_gather(local, self.model_axis, axis=0, tiled=True, to="reduced")

    def per_layer(self, table):
        return jax.lax.all_gather(table, self.model_axis, axis=0)

    def __call__(self, t, w):
        table = self.embedding_table(t)
        stacked = self.per_layer(table)
        return jnp.tanh(stacked.sum(axis=0)) @ w


def inputs():
    rng = np.random.default_rng(34)
    return rng.uniform(0, 1000, size=(8,)).astype(np.float32), rng.standard_normal((8, 8), dtype=np.float32)


def main(t, w):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    t = jax.device_put(t, NamedSharding(mesh, P("model")))
    w = jax.device_put(w, NamedSharding(mesh, P(None, "model")))
    emb = jax.shard_map(TimestepEmbedder(), mesh=mesh, in_specs=(P("model"), P(None, "model")),
                        out_specs=P(None, "model"))(t, w)
    print(emb.shape)
    return emb


if __name__ == "__main__":
    main(*inputs())
