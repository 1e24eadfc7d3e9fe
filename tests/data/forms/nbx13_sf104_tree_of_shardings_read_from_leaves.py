import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def main(mesh, x):
    old = jax.device_put({"w": jnp.ones((8, 8)), "v": jnp.zeros((8, 8))}, NamedSharding(mesh, P("i", None)))
    shardings = jax.tree.map(lambda p: p.sharding, old)
    params = jax.device_put({"w": x, "v": x}, shardings)
    with jax.set_mesh(mesh):
        return jax.tree.map(lambda p: top_level_all_gather(p, P("i", None)), params)  # none
