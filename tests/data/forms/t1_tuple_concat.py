import jax
from jax import lax
from jax.sharding import PartitionSpec as P

DATA = ("i",)
AXES = DATA + ("j",)
BOTH = tuple(AXES)
WIDE = (*DATA, "j")
FIRST = AXES[:1]


def body(x):
    a = lax.psum(x, AXES)  # SF105
    b = lax.psum(x, BOTH)  # SF105
    c = lax.psum(x, WIDE)  # SF105
    d = lax.all_gather(lax.psum(x, FIRST), FIRST, to="reduced", tiled=True)  # SF101
    return a, b, c, d


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P())(x)
