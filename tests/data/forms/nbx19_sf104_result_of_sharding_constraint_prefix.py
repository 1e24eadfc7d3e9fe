import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def main(mesh, x):
    with jax.set_mesh(mesh):
        placed = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P(("i", "j"), None)))
        new = jax.lax.with_sharding_constraint(placed * 2.0, NamedSharding(mesh, P(("i", "j"), None)))
        return top_level_all_gather(new, P("i", None, reduced={"j"}))  # none
