import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def make_update(mesh):
    shard = NamedSharding(mesh, P(("i", "j"), None))

    @jax.jit
    def update(ratings):
        return jax.lax.with_sharding_constraint(ratings * 2.0, shard)

    return update


def main(mesh, x):
    update = make_update(mesh)
    with jax.set_mesh(mesh):
        new = update(jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P(("i", "j"), None))))
        direct = jax.lax.with_sharding_constraint(new + 1.0, NamedSharding(mesh, P(("i", "j"), None)))
        return top_level_all_gather(direct, P("i", None))  # SF104
