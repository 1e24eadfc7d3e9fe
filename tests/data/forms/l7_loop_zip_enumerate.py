import jax
from jax import lax
from jax.sharding import PartitionSpec as P

AXES = ("j", "i")


def body(a, b):
    out = []
    for g, axis in zip((a, lax.psum(b, "i")), ("i", "i")):
        out.append(lax.all_gather(g, axis, to="reduced", tiled=True))  # SF101 (the second pair is invariant)
    for index, g in enumerate((lax.psum(a, "i"), b)):
        out.append(lax.all_gather(g, "i", to="reduced", tiled=True))  # SF101 (the first item is invariant)
    out.append(lax.psum(a, tuple(sorted(AXES))))  # SF105
    out.append(lax.psum(a, tuple(reversed(AXES))))  # SF105
    return out


def run(mesh, a, b):
    return jax.shard_map(body, mesh=mesh, in_specs=(P("i"), P("i")), out_specs=P())(a, b)
