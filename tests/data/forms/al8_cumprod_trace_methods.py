"""Array methods that stand for jnp functions: `.cumprod` and `.trace` of a varying block keep it
varying, and `.conjugate()` keeps the gathered value reduced."""
import jax
from jax.sharding import PartitionSpec as P


def decay(x):
    factors = x.cumprod(axis=1) + x.trace()
    g = jax.lax.all_gather(factors, "j", axis=1, tiled=True, to="reduced").conjugate()
    return jax.lax.pmean(g, "j")  # SF103


def run(mesh, x):
    return jax.shard_map(decay, mesh=mesh, in_specs=P(None, "j"), out_specs=P())(x)
