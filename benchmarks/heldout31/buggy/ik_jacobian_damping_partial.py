"""Damped least-squares inverse kinematics for a batch of 7-DoF arms, many random seeds each."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def manipulability(jac_rows):
    return jnp.sum(jac_rows * jac_rows, axis=(-2, -1))


def damping_table(jac_rows, *, seed_axis):
    m = jax.lax.psum(manipulability(jac_rows), (seed_axis,))
    return jax.lax.all_gather(m, seed_axis, to="reduced")


def inputs():
    mesh = jax.make_mesh((2, 4), ("arm", "seed"))
    jac = jnp.cos(jnp.arange(4 * 8 * 6 * 7, dtype=jnp.float32)).reshape(4, 8, 6, 7)
    return mesh, jax.device_put(jac, NamedSharding(mesh, P("arm", "seed", None, None)))


def main(mesh, jac):
    body = functools.partial(damping_table, seed_axis="seed")
    return jax.shard_map(body, mesh=mesh, in_specs=P("arm", "seed", None, None),
                         out_specs=P(None, "arm", None, reduced={"seed"}))(jac)
