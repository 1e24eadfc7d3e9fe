import jax
from jax.sharding import PartitionSpec as P

N_HEADS = 2


def split_heads(wq):
    d_model, d_local = wq.shape
    heads = wq.reshape(d_model, N_HEADS, d_local // N_HEADS).transpose(1, 0, 2)  # varies on i and j
    return jax.lax.all_gather(heads, ("i", "j"), axis=2, to="reduced", tiled=True)


def run(mesh, x):
    return jax.shard_map(split_heads, mesh=mesh, in_specs=P("i", "j"),
                         out_specs=P(None, None, None, reduced={"i", "j"}))(x)
