"""NTK-parametrised PINN layer: the shard is scaled before the reduced gather, used only in a matmul."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

AXIS = "fsdp"
mesh = jax.make_mesh((8,), (AXIS,))


def dense(x, w_shard, fan_in=8):
    w = jax.lax.all_gather(w_shard / jnp.sqrt(fan_in), AXIS, axis=0, tiled=True, to="reduced")
    return jnp.tanh(x @ w)


def inputs():
    x = jnp.linspace(-1.0, 1.0, 64 * 8).reshape(64, 8)
    put = lambda a: jax.device_put(a, NamedSharding(mesh, P(AXIS)))
    return put(x), put(jnp.eye(8))


def main(x, w):
    return jax.shard_map(dense, mesh=mesh, in_specs=(P(AXIS), P(AXIS)), out_specs=P(AXIS))(x, w)
