import jax
from jax import lax
from jax.sharding import PartitionSpec as P


def body(x, flag):
    y = (lax.all_gather(x, "j", to="reduced", tiled=True) if flag
         else lax.all_gather(lax.psum(x, "k"), "j", to="reduced", tiled=True))
    return lax.all_gather(y, ("i", "j"), to="reduced", tiled=True)  # SF102


def run(mesh, x, flag):
    return jax.shard_map(body, mesh=mesh, in_specs=(P(("i", "j"), "k"), P()), out_specs=P())(x, flag)
