import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def sharding(mesh, *axes):
    return NamedSharding(mesh, P(*axes))


def main(mesh, x):
    w = jax.device_put(jnp.ones((8, 8)), sharding(mesh, ("i", "j"), None))
    with jax.set_mesh(mesh):
        return top_level_all_gather(w, P("j", None))  # SF104
