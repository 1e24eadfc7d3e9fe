import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

ROWS = P(("i", "j"), None)


def place(mesh, value):
    return jax.device_put(value, NamedSharding(mesh, ROWS))


def run(mesh, x):
    with jax.set_mesh(mesh):
        rewards = jax.reshard(jax.device_put(x, P()), ROWS)
        values = jax.reshard(jax.device_put(x * 3, P()), ROWS)
        advantage = rewards + 0.99 * values - values
        a = top_level_all_gather(advantage, P("j", None))  # SF104
        mean, var = place(mesh, x), place(mesh, x + 1)
        norm = (mean - var) * var
        n = top_level_all_gather(norm, P(None, None, reduced={"i"}))  # SF104
        g = jax.device_put(x, NamedSharding(mesh, P(None, "j")))
        h = jax.device_put(jnp.ones_like(x), NamedSharding(mesh, P(None, "j")))
        s = top_level_all_gather(g ** 2 + h, P(None, None))  # SF104
    return a, n, s
