"""R-hat monitor: jnp.max of the pooled reduced means is a plain value, so pmax accepts it."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("chain", "dim"))


def worst_spread(samples):
    chain_means = jnp.mean(samples, axis=1)
    pooled = jax.lax.all_gather(chain_means, "chain", axis=0, tiled=True, to="reduced")
    spread = jnp.max(pooled, axis=0)
    return jax.lax.pmax(spread, "chain")


def inputs():
    s = jnp.sin(jnp.arange(8 * 16 * 4, dtype=jnp.float32)).reshape(8, 16, 4)
    return (jax.device_put(s, NamedSharding(mesh, P("chain", None, "dim"))),)


def main(samples):
    return jax.shard_map(worst_spread, mesh=mesh, in_specs=P("chain", None, "dim"),
                         out_specs=P("dim"))(samples)
