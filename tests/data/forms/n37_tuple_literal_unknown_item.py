from functools import partial
import jax
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P


def body(a, b, c):
    s = lax.psum((a, b), "i")  # none
    t = lax.psum((b, *c), ("i", "j"))  # none
    u = lax.psum((b, lax.axis_index("j") * b), ("i", "j"))  # none
    v = lax.pmean((b, c), ("i", "j"))  # none
    return s, t, u, v


def run(mesh, a, b, c):
    return jax.shard_map(body, mesh=mesh, in_specs=(P("i", None), P("i", "j"), None), out_specs=((P(), P(None, "j")), P(), P(), P()))(a, b, c)
