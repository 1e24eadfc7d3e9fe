import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def fused_kv(w):
    w = jax.lax.all_gather(w, "i", axis=0, to="reduced", tiled=True)
    rows, cols = w.shape
    half = cols // 2
    wk, wv = w[:, :half], w[:, half:]
    fused = jnp.concatenate([wv, wk], axis=1)
    return jax.lax.all_gather(fused, ("i", "j"), axis=1, to="reduced", tiled=True)  # SF102


def run(mesh, x):
    return jax.shard_map(fused_kv, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"i", "j"}))(x)
