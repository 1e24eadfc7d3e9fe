import jax
from jax.sharding import PartitionSpec as P


def scaled_gather(scale, x):
    full = jax.lax.all_gather(x, "i", axis=0, tiled=True, to="reduced")
    return full * scale  # SF106


def run(mesh, x):
    body = jax.tree_util.Partial(scaled_gather, 0.5)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)
