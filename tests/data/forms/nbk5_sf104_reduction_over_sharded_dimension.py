import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def main(mesh, x):
    placed = jax.device_put(x, NamedSharding(mesh, P(None, ("i", "j"))))
    with jax.set_mesh(mesh):
        # the reduced dimension is the sharded one: its total is not laid out as x is
        total = jnp.sum(placed, axis=-1, keepdims=True)
        a = top_level_all_gather(total, P(None, None))  # none
        centred = placed - jnp.mean(placed, axis=-1, keepdims=True)
        b = top_level_all_gather(centred, P(None, None, reduced={"i", "j"}))  # none
        return a, b
