import jax
from jax import lax
from jax.sharding import PartitionSpec as P


def body(w, b):
    grads = {"w": lax.psum(w, "i"), "b": b}
    return lax.all_gather(grads, "i", to="reduced", tiled=True)  # SF101 (leaf 'b' varies, leaf 'w' is invariant: JAX checks 'b' first and then fails on 'w')


def run(mesh, w, b):
    return jax.shard_map(body, mesh=mesh, in_specs=(P("i"), P("i")), out_specs=P(None, reduced={"i"}))(w, b)
