import jax
from jax import lax
from jax.sharding import PartitionSpec as P


def body(x, mode):
    if mode == "gather":
        y = lax.all_gather(x, "i", to="reduced", tiled=True)
    elif mode == "sum":
        y = lax.all_gather(lax.psum(x, "j"), "i", to="reduced", tiled=True)
    else:
        y = lax.all_gather(lax.pmax(x, "j"), "i", to="reduced", tiled=True)
    return lax.pmax(y, "i")  # SF103 (reduced on 'i' in every branch)


def run(mesh, x, mode):
    return jax.shard_map(body, mesh=mesh, in_specs=(P("i", "j"), P()), out_specs=P())(x, mode)
