import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

PARAM_SPECS = {"embed": P(None, "j"), "head": P(("i", "j"), None)}


def sgd_momentum(params, grads, momentum, lr=0.1, beta=0.9):
    momentum = jax.tree.map(lambda m, g: beta * m + g, momentum, grads)
    params = jax.tree.map(lambda p, m: p - lr * m, params, momentum)
    return params, momentum


def main(mesh, w):
    with jax.set_mesh(mesh):
        placed = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)),
                              {"embed": w, "head": w}, PARAM_SPECS)
        grads = jax.tree.map(lambda p: 0.01 * p, placed)
        momentum = jax.tree.map(jnp.zeros_like, placed)
        placed, momentum = sgd_momentum(placed, grads, momentum)
        return top_level_all_gather(placed["head"], P("j", None, reduced={"i"}))  # SF104
