import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

LEVELS = (0.25, 0.5, 0.75)


def sketch(x):
    q = jnp.quantile(x, jnp.asarray(LEVELS), axis=0)
    by_row = jax.lax.all_gather(q, "i", axis=0, tiled=True, to="reduced")
    jax.lax.all_gather(by_row, "j", axis=1, tiled=True, to="reduced")
    return x


def main(mesh, x):
    return jax.shard_map(sketch, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
