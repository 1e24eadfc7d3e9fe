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
    return lax.all_gather(y, "i", to="reduced", tiled=True)  # SF101 (invariant on "i" in every branch; varying on "j" in one only, so the message quotes both of JAX's texts)


def run(mesh, x, mode):
    return jax.shard_map(body, mesh=mesh, in_specs=(P("i", "j"), P()), out_specs=P())(x, mode)
