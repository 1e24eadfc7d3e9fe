import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

ROWS = P(("i", "j"), None)


def init_cache(mesh):
    return jnp.zeros((8, 4), out_sharding=NamedSharding(mesh, ROWS))


def run(mesh, x):
    with jax.set_mesh(mesh):
        cache = init_cache(mesh)
        c = top_level_all_gather(cache, P("j", None))  # SF104
        noise = jax.random.normal(jax.random.key(0), (8, 8), out_sharding=P(None, ("j", "i")))
        n = top_level_all_gather(noise, P(None, "j"))  # SF104
        logits = jnp.einsum("bd,dv->bv", x, x, out_sharding=P("i", "j"))
        g = top_level_all_gather(logits, P("i", None))  # SF104
        table = jnp.ones((8, 8), out_sharding=ROWS).at[0].set(2.0, out_sharding=ROWS)
        t = top_level_all_gather(table, P(None, None, reduced={"i"}))  # SF104
    return c, n, g, t
