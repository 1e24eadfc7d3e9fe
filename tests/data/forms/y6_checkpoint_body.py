import functools

import jax
from jax.sharding import PartitionSpec as P


def block(h):
    mixed = jax.lax.psum(h, "j")
    return jax.lax.psum(mixed, ("i", "j"))  # SF105


def layer(h):
    g = jax.lax.all_gather(h, "i", to="reduced", tiled=True)
    return jax.lax.pmax(g, "i")  # SF103


@functools.partial(jax.remat, prevent_cse=False)
def remat_block(h):
    s = jax.lax.pmean(h, "j")
    return jax.lax.psum(s, ("j", "i"))  # SF105


def run(mesh, x):
    a = jax.shard_map(jax.checkpoint(block), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
    b = jax.shard_map(lambda h: jax.remat(layer)(h), mesh=mesh, in_specs=P("i"), out_specs=P())(x)
    c = jax.shard_map(remat_block, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
    return a, b, c
