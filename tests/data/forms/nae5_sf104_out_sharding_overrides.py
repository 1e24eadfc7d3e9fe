import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import PartitionSpec as P


def run(mesh, x):
    with jax.set_mesh(mesh):
        rows = jax.device_put(x, P(("i", "j"), None))
        fresh = jnp.zeros_like(rows, out_sharding=P())
        a = top_level_all_gather(fresh, P(None, None))  # none
        host = jnp.asarray(x, out_sharding=P(("i", "j"), None))
        b = top_level_all_gather(host, P(None, None, reduced={"i", "j"}))  # none
        moved = rows.at[0].set(1.0, out_sharding=P("i", None))
        c = top_level_all_gather(moved, P(None, None, reduced={"i"}))  # none
    return a, b, c
