"""Joint-limit barrier for IK: limits shared across seeds, softplus barrier cost."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def shared_limits(q_upper, axis_name):
    return jax.lax.all_gather(q_upper, axis_name, to="reduced", tiled=True)


def barrier(q, q_upper, *, axis_name, sharpness=20.0, safety=0.05):
    upper = shared_limits(q_upper, axis_name)
    upper = upper - safety
    penalty = jax.nn.softplus(sharpness * (q.mean(axis=0) - upper.mean(axis=0)))
    return jax.lax.psum(penalty.sum(), ("arm", axis_name))


def inputs():
    mesh = jax.make_mesh((2, 4), ("arm", "seed"))
    q = jnp.linspace(-2.0, 2.0, 4 * 16 * 7, dtype=jnp.float32).reshape(4 * 16, 7)
    up = jnp.full((4 * 16, 7), 2.5, jnp.float32)
    s = NamedSharding(mesh, P(("arm", "seed"), None))
    return mesh, jax.device_put(q, s), jax.device_put(up, s)


def main(mesh, q, q_upper):
    body = functools.partial(barrier, axis_name="seed")
    cost = jax.shard_map(body, mesh=mesh, in_specs=(P(("arm", "seed"), None),) * 2,
                         out_specs=P())
    return cost(q, q_upper)
