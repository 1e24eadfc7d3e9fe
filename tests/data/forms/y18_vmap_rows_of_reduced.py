import jax
from jax.sharding import PartitionSpec as P


def body(h):
    full = jax.lax.all_gather(h, "i", to="reduced", tiled=True)
    return jax.vmap(lambda r: jax.lax.psum(r, "i"))(full)  # SF103


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P())(x)
