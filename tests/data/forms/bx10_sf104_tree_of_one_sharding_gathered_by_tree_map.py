import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def main(mesh, x):
    params = {"w": jnp.ones((8, 8)), "v": jnp.zeros((8, 8))}
    shardings = jax.tree.map(lambda _: NamedSharding(mesh, P(("i", "j"), None)), params)
    params = jax.device_put(params, shardings)
    with jax.set_mesh(mesh):
        return jax.tree.map(lambda p: top_level_all_gather(p, P("i", None)), params)  # SF104
