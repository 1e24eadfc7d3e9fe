import jax
from jax import lax
from jax.sharding import PartitionSpec as P

CASES = (("i",), ("i", "j"))


def check_sums(mesh, x):
    outs = []
    for axes in CASES:
        f = jax.shard_map(lambda v: lax.psum(v, axes), mesh=mesh, in_specs=P("i"), out_specs=P())  # SF105
        outs.append(f(x))
    return outs


def run(mesh, x):
    return check_sums(mesh, x)
