import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("i", "j"))


def step(x):
    rows, cols = x.shape
    if rows == 8 and len(x) == 8:
        total = lax.psum(x, "j")
    else:
        total = x
    return lax.all_gather(total, "j", to="reduced", tiled=True, axis=1)  # SF101


def run():
    f = jax.shard_map(step, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", reduced={"j"}))
    return f(jnp.ones((16, 16)))
