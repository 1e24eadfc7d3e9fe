import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def main(mesh, x):
    logits = jax.device_put(jnp.ones((4, 8, 3)), NamedSharding(mesh, P("i", "j", None)))
    with jax.set_mesh(mesh):
        labels = jnp.argmax(logits, axis=-1)
        totals = jnp.sum(logits, axis=0)
        a = top_level_all_gather(labels, P("i", None))  # SF104
        b = top_level_all_gather(totals, P(None, None, reduced={"i"}))  # SF104
    return a, b
