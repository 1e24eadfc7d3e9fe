import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def lagged(x, lags):
    full = jax.lax.all_gather(x, "j", axis=1, tiled=True, to="reduced")
    shifted = jnp.stack([jnp.roll(full, -r, axis=1) for r in range(lags)])
    return jax.lax.psum(shifted, "j")  # SF103


def main(mesh, x):
    return jax.shard_map(lambda a: lagged(a, 6), mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "i"))(x)
