"""Market-maker agents: P&L and inventory metrics averaged over the mesh with jax.tree.map."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("sym", "agent")
mesh = jax.make_mesh((2, 4), AXES)


def metrics(fills, prices):
    cash = -jnp.sum(fills * prices, axis=1)
    inventory = jax.lax.psum(jnp.sum(fills, axis=1), "agent")
    m = {"pnl": jnp.mean(cash), "inventory": jnp.mean(jnp.abs(inventory))}
    return jax.tree.map(lambda v: jax.lax.pmean(v, AXES), m)


def inputs():
    fills = jnp.sign(jnp.sin(jnp.arange(4 * 16, dtype=jnp.float32))).reshape(4, 16)
    put = lambda a: jax.device_put(a, NamedSharding(mesh, P(*AXES)))
    return put(fills), put(100.0 + fills * 0.01)


def main(fills, prices):
    return jax.shard_map(metrics, mesh=mesh, in_specs=(P(*AXES), P(*AXES)),
                         out_specs={"pnl": P(), "inventory": P()})(fills, prices)
