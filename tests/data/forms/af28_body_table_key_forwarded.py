import jax
from jax.sharding import PartitionSpec as P


def _sum_then_gather(x):
    total = jax.lax.psum(x, "i")
    return jax.lax.all_gather(total, "i", axis=0, tiled=True, to="reduced")  # SF101


def _identity(x):
    return x


REDUCERS = {0: _identity, 1: _sum_then_gather}


def make_reducer(mesh, level=1):
    return jax.shard_map(REDUCERS[level], mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))


def run(mesh, x):
    first = make_reducer(mesh)
    second = make_reducer(mesh, level=1)
    return first(x), second(x)
