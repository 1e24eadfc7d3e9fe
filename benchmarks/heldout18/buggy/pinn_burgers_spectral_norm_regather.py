"""Burgers PINN with the hidden weight sharded 2-D; a spectral-style penalty on the full weight."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

ROW, COL = "fsdp", "tp"
mesh = jax.make_mesh((2, 4), (ROW, COL))


def rows_of(w):
    # every device needs the whole column block for the residual network
    return jax.lax.all_gather(w, ROW, axis=0, tiled=True, to="reduced")


def penalty(w_shard, nu):
    block = rows_of(w_shard)
    full = jax.lax.all_gather(block, (ROW, COL), axis=1, tiled=True, to="reduced")
    return jnp.sum(full * full)


def inputs():
    w = jnp.cos(jnp.arange(16 * 16, dtype=jnp.float32)).reshape(16, 16)
    return (jax.device_put(w, NamedSharding(mesh, P(ROW, COL))), jnp.float32(0.01))


def main(w, nu):
    f = jax.shard_map(penalty, mesh=mesh, in_specs=(P(ROW, COL), P()),
                      out_specs=P(reduced={ROW, COL}))
    return f(w, nu)
