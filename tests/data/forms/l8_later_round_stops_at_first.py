import jax
from jax import lax
from jax.sharding import PartitionSpec as P


def body(x):
    out = []
    for _ in range(2):
        out.append(lax.all_gather(x, "i", to="reduced", tiled=True))  # SF101 (the second round fails here)
        out.append(lax.all_gather(x, "i", to="reduced", tiled=True))  # none (the second round never gets here)
        x = lax.psum(x, "i")
    return out


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P(None, reduced={"i"}))(x)
