import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_HEADS = 4


def qkv_weights(wq):
    # gather the query projection over the sequence-parallel group, then split heads
    wq = jax.lax.all_gather(wq, "sp", to="reduced", tiled=True)
    d_model, d_local = wq.shape
    heads = wq.reshape(d_model, N_HEADS, d_local // N_HEADS).transpose(1, 0, 2)
    return jax.lax.all_gather(heads, ("sp", "hp"), axis=2, to="reduced", tiled=True)


def inputs():
    return (np.arange(8 * 16, dtype=np.float32).reshape(8, 16),)


def main(wq):
    mesh = jax.make_mesh((2, 4), ("sp", "hp"))
    wq = jax.device_put(wq, NamedSharding(mesh, P("sp", "hp")))
    f = jax.shard_map(qkv_weights, mesh=mesh, in_specs=P("sp", "hp"), out_specs=P(None, None, None, reduced={"sp", "hp"}))
    return f(wq)
