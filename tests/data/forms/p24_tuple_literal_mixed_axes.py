from functools import partial
import jax
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("i", "j")


def body(a, b):
    sa, sb = lax.psum((a, b), ("i", "j"))  # SF105
    ma, mb = lax.pmean([b, a], AXES)  # SF105
    both = lax.psum((b, b), AXES)  # none
    return sa, sb, ma, mb, both


def run(mesh, a, b):
    f = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(P("i", None), P("i", "j")), out_specs=(P(),) * 5))
    return f(a, b)
