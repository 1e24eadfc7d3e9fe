"""Ensemble of PINNs (one member per 'member' shard) on collocation points split over 'colloc'."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("colloc", "member")
mesh = jax.make_mesh((4, 2), AXES)


def residual(w, x):
    return jnp.tanh(x @ w) - jnp.sin(x[:, :1])


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(None, "member"), P("colloc")),
                   out_specs=P())
def ensemble_loss(w, x):
    r = residual(w, x)
    per_member = jax.lax.psum(jnp.sum(r * r), "colloc")
    return jax.lax.pmean(per_member, AXES)


def inputs():
    w = jnp.linspace(-1.0, 1.0, 3 * 4).reshape(3, 4)
    x = jnp.linspace(0.0, 2.0, 32 * 3).reshape(32, 3)
    return (jax.device_put(w, NamedSharding(mesh, P(None, "member"))),
            jax.device_put(x, NamedSharding(mesh, P("colloc"))))


def main(w, x):
    return ensemble_loss(w, x)
