"""Grad norm over every axis of an Enum: the replicated axis is cast to varying first."""
import enum

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class Axis(enum.Enum):
    DATA = "data"
    SEQ = "seq"

    @classmethod
    def names(cls):
        return tuple(a.value for a in cls)


def grad_sq_norm(w, x):
    g = x.T @ (1 - jnp.tanh(x @ w) ** 2)
    sq = jnp.sum(g * g)
    sq = jax.lax.pcast(sq, Axis.SEQ.value, to="varying")
    return jax.lax.psum(sq, Axis.names())


def inputs():
    mesh = jax.make_mesh((2, 4), Axis.names())
    w = jax.device_put(jnp.ones((16, 4)) * 0.1, NamedSharding(mesh, P()))
    x = jax.device_put(jax.random.normal(jax.random.key(14), (8, 16)), NamedSharding(mesh, P(Axis.DATA.value)))
    return mesh, w, x


def main(mesh, w, x):
    return jax.shard_map(grad_sq_norm, mesh=mesh, in_specs=(P(), P(Axis.DATA.value)), out_specs=P())(w, x)
