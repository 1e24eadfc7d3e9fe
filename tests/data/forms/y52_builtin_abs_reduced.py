import jax
from jax.sharding import PartitionSpec as P


def body(h):
    full = jax.lax.all_gather(h, "i", to="reduced", tiled=True)
    magnitude = abs(full)
    return magnitude * 2  # SF106


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P(reduced={"i"}))(x)
