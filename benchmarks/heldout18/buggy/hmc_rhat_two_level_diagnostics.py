"""NUTS-style warmup diagnostics: split R-hat from chain means pooled across the chain axis."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

CHAIN = "chain"
mesh = jax.make_mesh((4, 2), (CHAIN, "dim"))


def between_chain_variance(chain_means):
    pooled = jax.lax.all_gather(chain_means, CHAIN, axis=0, tiled=True, to="reduced")
    spread = jnp.sum(pooled * pooled, axis=0)
    return jax.lax.pmax(spread, CHAIN)


def diagnostics(samples):
    chain_means = jnp.mean(samples, axis=1)
    within = jax.lax.pmean(jnp.mean(jnp.var(samples, axis=1), axis=0), CHAIN)
    return between_chain_variance(chain_means), within


def step(samples):
    b, w = diagnostics(samples)
    return b / (w + 1e-6)


def inputs():
    s = jnp.sin(jnp.arange(8 * 16 * 4, dtype=jnp.float32)).reshape(8, 16, 4)
    return (jax.device_put(s, NamedSharding(mesh, P(CHAIN, None, "dim"))),)


def main(samples):
    f = jax.shard_map(step, mesh=mesh, in_specs=P(CHAIN, None, "dim"), out_specs=P("dim"))
    return f(samples)
