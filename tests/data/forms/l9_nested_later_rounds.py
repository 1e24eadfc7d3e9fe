import jax
from jax import lax
from jax.sharding import PartitionSpec as P


def body(x, y):
    out = []
    for _ in range(2):
        for v in (x, y):
            out.append(lax.all_gather(v, "i", to="reduced", tiled=True))  # SF101 (outer round 2, inner item y)
        out.append(lax.all_gather(y, "i", to="reduced", tiled=True))  # none (outer round 2 stops above)
        y = lax.psum(y, "i")
    return out


def run(mesh, x, y):
    return jax.shard_map(body, mesh=mesh, in_specs=(P("i"), P("i")), out_specs=P(None, reduced={"i"}))(x, y)
