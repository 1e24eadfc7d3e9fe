"""SGD with momentum for a small ResNet: params placed with jax.tree.map over a spec table,
momentum buffers made with jax.tree.map(jnp.zeros_like, params); the first conv's buffer is
collected to look at its filters."""
import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = {
    "conv1": P(None, None, None, ("data", "model")),
    "conv2": P(None, None, "data", "model"),
    "fc": P("model", None),
}


def init_params(key):
    k1, k2, k3 = jax.random.split(key, 3)
    return {
        "conv1": jax.random.normal(k1, (3, 3, 3, 8)),
        "conv2": jax.random.normal(k2, (3, 3, 8, 8)),
        "fc": jax.random.normal(k3, (8, 10)),
    }


def main(key):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    params = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)),
                          init_params(key), SPECS)
    momentum = jax.tree.map(jnp.zeros_like, params)
    momentum = jax.tree.map(lambda m, p: 0.9 * m + 0.1 * p, momentum, params)
    with jax.set_mesh(mesh):
        filters = top_level_all_gather(momentum["conv1"], P(None, None, None, "model", reduced={"data"}))
    return filters


def inputs():
    return (jax.random.key(33),)
