import jax
from jax.sharding import PartitionSpec as P


def gather_reduced(h, axes, dim):
    return jax.lax.all_gather(h, axes, axis=dim, tiled=True, to="reduced")  # SF102


def body(x):
    rows = gather_reduced(x, "j", 1)
    return gather_reduced(rows, ("i", "j"), 0)


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"i", "j"}))(x)
