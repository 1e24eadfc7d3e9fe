import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = {"w": P("i", "j"), "b": P(("i", "j"))}


def sgd(params, grads, lr=0.1, decay=1e-4):
    new = jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads)
    return new, lr


def run(mesh, x):
    params = {k: jax.device_put(x, NamedSharding(mesh, SPECS[k])) for k in SPECS}
    with jax.set_mesh(mesh):
        grads = jax.tree.map(lambda p: 2.0 * p, params)
        updated, rate = sgd(params, grads)
        return top_level_all_gather(updated["b"], P("j")), rate  # SF104
