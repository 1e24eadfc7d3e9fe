import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def fused_kv(w_kv):
    w = jax.lax.all_gather(w_kv, "seq", axis=0, to="reduced", tiled=True)
    half = w.shape[1] // 2
    wk, wv = w[:, :half], w[:, half:]
    fused = jnp.concatenate([wv, wk], axis=1)
    return jax.lax.all_gather(fused, ("seq", "heads"), axis=1, to="reduced", tiled=True)


def inputs():
    return (np.arange(8 * 16, dtype=np.float32).reshape(8, 16),)


def main(w):
    mesh = jax.make_mesh((2, 4), ("seq", "heads"))
    w = jax.device_put(w, NamedSharding(mesh, P("seq", "heads")))
    return jax.shard_map(fused_kv, mesh=mesh, in_specs=P("seq", "heads"), out_specs=P(None, None, reduced={"seq", "heads"}))(w)
