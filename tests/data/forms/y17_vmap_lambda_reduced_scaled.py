import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

def body(x):
    full = lax.all_gather(x, "j", axis=1, tiled=True, to="reduced")
    scores = jax.vmap(lambda r, s: r * s, in_axes=(0, None))(full, 2.0)  # SF106
    return lax.pmax(scores, "j")

def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i"))(x)
