import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = {"embed": P(("i", "j"), None), "head": P(None, "j")}


def run(mesh, x):
    shardings = {name: NamedSharding(mesh, spec) for name, spec in SPECS.items()}
    with jax.set_mesh(mesh):
        embed = jax.device_put(x, shardings["embed"])
        e = top_level_all_gather(embed, P("j", None))  # SF104
        head = jax.block_until_ready(jax.device_put(x, shardings["head"]))
        h = top_level_all_gather(head, P(None, None))  # SF104
        grads = jax.device_put(jnp.ones_like(x), embed.sharding)
        g = top_level_all_gather(grads.copy(), P(None, None, reduced={"j"}))  # SF104
        ready = embed.block_until_ready()
        r = top_level_all_gather(ready, P("i", None))  # SF104
    return e, h, g, r
