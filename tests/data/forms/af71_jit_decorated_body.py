import jax
from jax.sharding import PartitionSpec as P


@jax.jit
def body(x):
    total = jax.lax.psum(x, "i")
    return jax.lax.all_gather(total, "i", axis=0, tiled=True, to="reduced")  # SF101


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)
