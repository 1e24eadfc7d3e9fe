import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def normalise(policy):
    return policy / jnp.sum(policy, axis=-1, keepdims=True)


def main(mesh, x):
    placed = jax.device_put(x, NamedSharding(mesh, P(("i", "j"), None)))
    placed = normalise(placed)
    with jax.set_mesh(mesh):
        rows = placed / jnp.linalg.norm(placed, axis=1, keepdims=True)
        a = top_level_all_gather(placed, P("j", None))  # SF104
        b = top_level_all_gather(rows, P(None, None))  # SF104
        centred = placed - jnp.mean(placed, axis=0, keepdims=True)
        c = top_level_all_gather(centred, P("j", None))  # SF104
        return a, b, c
