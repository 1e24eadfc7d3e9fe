"""Adam moments built with jax.tree.map over params and specs; a moment exported for inspection."""
import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2, 2), ("pod", "data", "model"))
SPECS = {"dense": P(("pod", "data", "model"), None), "bias": P()}


def init(params):
    placed = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)), params, SPECS)
    mu = jax.tree.map(jnp.zeros_like, placed)
    nu = jax.tree.map(lambda p: jnp.full_like(p, 1e-8), placed)
    return placed, {"mu": mu, "nu": nu}


def inputs():
    return ({"dense": jnp.ones((16, 4)), "bias": jnp.zeros((4,))},)


def main(params):
    with jax.set_mesh(mesh):
        params, opt = init(params)
        nu_dense = top_level_all_gather(opt["nu"]["dense"], P("pod", None, reduced={"data", "model"}))
        return jax.reshard(nu_dense, P())
