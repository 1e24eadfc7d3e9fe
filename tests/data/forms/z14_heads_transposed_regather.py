import jax
from jax.sharding import PartitionSpec as P

N_HEADS = 2


def split_heads(wq):
    wq = jax.lax.all_gather(wq, "i", to="reduced", tiled=True)
    d_model, d_local = wq.shape
    heads = wq.reshape(d_model, N_HEADS, d_local // N_HEADS).transpose(1, 0, 2)
    return jax.lax.all_gather(heads, ("i", "j"), axis=2, to="reduced", tiled=True)  # SF102


def split_heads_tuple(wq):
    wq = jax.lax.all_gather(wq, "i", to="reduced", tiled=True)
    heads = wq.reshape(wq.shape[0], N_HEADS, -1).transpose((1, 0, 2))
    return jax.lax.all_gather(heads, ("i", "j"), axis=2, to="reduced", tiled=True)  # SF102


def run(mesh, x):
    out = P(None, None, None, reduced={"i", "j"})
    first = jax.shard_map(split_heads, mesh=mesh, in_specs=P("i", "j"), out_specs=out)(x)
    return first, jax.shard_map(split_heads_tuple, mesh=mesh, in_specs=P("i", "j"), out_specs=out)(x)
