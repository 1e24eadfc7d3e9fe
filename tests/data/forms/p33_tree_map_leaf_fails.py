import jax
from jax import lax
from jax.sharding import PartitionSpec as P


def body(params, scale):
    grads = {"w": params, "b": lax.psum(scale, "i")}
    return jax.tree.map(lambda g: lax.all_gather(g, "i", to="reduced", tiled=True), grads)  # SF101 (leaf 'b' first in JAX's order)


def run(mesh, params, scale):
    return jax.shard_map(body, mesh=mesh, in_specs=(P("i"), P("i")), out_specs=P(None, reduced={"i"}))(params, scale)
