import jax
from jax import lax
from jax.sharding import PartitionSpec as P


def body(x, mode):
    if mode == 0:
        y = lax.psum(x, "i")
    elif mode == 1:
        y = lax.pmax(lax.psum(x, "j"), "i")
    else:
        y = lax.pmean(x, ("i", "j"))
    return lax.all_gather(y, "i", to="reduced", tiled=True)  # none (varying on "j" in one branch only: which error JAX gives depends on the branch)


def run(mesh, x, mode):
    return jax.shard_map(body, mesh=mesh, in_specs=(P("i", "j"), P()), out_specs=P())(x, mode)
