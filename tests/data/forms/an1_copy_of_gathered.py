import jax
from jax.sharding import PartitionSpec as P


def body(x):
    g = jax.lax.all_gather(x, "i", tiled=True, to="reduced")
    snapshot = g.copy()
    return snapshot * 2.0  # SF106


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)
