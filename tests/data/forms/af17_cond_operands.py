import jax
from jax.sharding import PartitionSpec as P


def body(x, training=True):
    total = jax.lax.psum(x, "i")
    scaled = jax.lax.cond(training, lambda v: v * 0.5, lambda v: v, total)
    return jax.lax.all_gather(scaled, "i", axis=0, tiled=True, to="reduced")  # SF101


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)
