import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def activation_sharding(mesh):
    return NamedSharding(mesh, P(("i", "j"), None))


def main(mesh, x):
    with jax.set_mesh(mesh):
        forward = jax.jit(jnp.tanh, out_shardings=activation_sharding(mesh))
        y = forward(x)
        return top_level_all_gather(y, P("j"))  # SF104
