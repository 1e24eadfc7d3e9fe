import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

PATCH = 2


def pooled(h):
    full = jax.lax.all_gather(h, "j", axis=1, tiled=True, to="reduced")
    rows, cols = full.shape
    return jnp.mean(full.reshape(rows, cols // PATCH, PATCH), axis=2)  # SF106


def attention_probs(h):
    scores = jax.lax.all_gather(h[:, :, None] * h[:, None, :], "j", axis=1, tiled=True, to="reduced")
    return jax.nn.softmax(scores, axis=2)  # SF106


def spread(h):
    full = jax.lax.all_gather(h.reshape(h.shape[0], h.shape[1], 1, 1), "j", axis=1, tiled=True, to="reduced")
    return full.var(axis=3)  # SF106


def run(mesh, x):
    return [jax.shard_map(pooled, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(x),
            jax.shard_map(attention_probs, mesh=mesh, in_specs=P("i", "j"),
                          out_specs=P("i", None, None, reduced={"j"}))(x),
            jax.shard_map(spread, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, None, reduced={"j"}))(x)]
