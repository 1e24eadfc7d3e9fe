import jax
from jax import lax
from jax.sharding import PartitionSpec as P


def body(a, b):
    out = []
    for v in (b, lax.psum(a, "i")):
        out.append(lax.all_gather(v, "i", to="reduced", tiled=True))  # SF101 (the second item is invariant)
    return out


def run(mesh, a, b):
    return jax.shard_map(body, mesh=mesh, in_specs=(P("i"), P("i")), out_specs=P(None, reduced={"i"}))(a, b)
