"""Market-maker metrics averaged with jax.tree.map; every metric still varies on both axes."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("sym", "agent")
mesh = jax.make_mesh((2, 4), AXES)


def metrics(fills, prices):
    m = {"pnl": jnp.mean(-jnp.sum(fills * prices, axis=1)),
         "inventory": jnp.mean(jnp.abs(jnp.sum(fills, axis=1)))}
    return jax.tree.map(lambda v: jax.lax.pmean(v, AXES), m)


def inputs():
    fills = jnp.sign(jnp.sin(jnp.arange(4 * 16, dtype=jnp.float32))).reshape(4, 16)
    put = lambda a: jax.device_put(a, NamedSharding(mesh, P(*AXES)))
    return put(fills), put(100.0 + fills * 0.01)


def main(fills, prices):
    return jax.shard_map(metrics, mesh=mesh, in_specs=(P(*AXES), P(*AXES)),
                         out_specs={"pnl": P(), "inventory": P()})(fills, prices)
