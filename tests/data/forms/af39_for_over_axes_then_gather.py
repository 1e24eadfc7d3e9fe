import jax
from jax.sharding import PartitionSpec as P

REDUCE_ORDER = ("j", "i")


def body(x):
    for axis in REDUCE_ORDER:
        x = jax.lax.psum(x, axis)
    return jax.lax.all_gather(x, "i", axis=0, tiled=True, to="reduced")  # SF101


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(reduced={"i"}))(x)
