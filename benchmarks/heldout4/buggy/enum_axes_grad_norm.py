"""Global gradient norm with mesh axes in an Enum: the gradient of the column-parallel weight
varies over both axes; the input scale is replicated."""
import enum

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class MeshAxes(enum.Enum):
    DATA = "data"
    MODEL = "model"

    @classmethod
    def all(cls):
        return tuple(a.value for a in cls)


def grads_fn(x, w, s):
    def loss(w, s):
        return jnp.sum(jnp.tanh((x * s) @ w))
    return jax.grad(loss, argnums=(0, 1))(w, s)


def global_norm(x, w, s):
    gw, gs = grads_fn(x, w, s)
    sq_w = jax.lax.psum(jnp.sum(gw * gw), MeshAxes.all())
    sq_s = jax.lax.psum(jnp.sum(gs * gs), MeshAxes.all())
    return jnp.sqrt(sq_w + sq_s)


def inputs():
    x = np.arange(8 * 4, dtype=np.float32).reshape(8, 4) / 32.0
    w = np.ones((4, 8), np.float32) / 4.0
    s = np.ones((4,), np.float32)
    return x, w, s


def main(x, w, s):
    mesh = jax.make_mesh((2, 4), MeshAxes.all())
    x = jax.device_put(x, NamedSharding(mesh, P("data")))
    w = jax.device_put(w, NamedSharding(mesh, P(None, "model")))
    s = jax.device_put(s, NamedSharding(mesh, P()))
    f = jax.shard_map(global_norm, mesh=mesh, in_specs=(P("data"), P(None, "model"), P()), out_specs=P())
    return f(x, w, s)


if __name__ == "__main__":
    print(main(*inputs()))
