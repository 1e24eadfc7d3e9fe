import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

N_MICRO = 2


def loss_fn(w, xb):
    return jnp.mean(jnp.tanh(xb @ w))


@functools.partial(jax.jit, static_argnames=("dp",))
def accumulate(w, x, dp):
    mesh = jax.sharding.get_abstract_mesh()

    def body(w, x):
        micro = x.reshape(N_MICRO, -1, x.shape[-1])

        def one(carry, xb):
            g = jax.grad(loss_fn)(w, xb)
            return carry + g, None

        total, _ = lax.scan(one, jnp.zeros_like(w), micro)
        total = lax.psum(total, dp)
        return lax.all_gather(total, dp, to="reduced", tiled=True)

    return jax.shard_map(body, mesh=mesh, in_specs=(P(), P(dp)),
                         out_specs=P(reduced={dp}))(w, x)


def inputs():
    return np.ones((8, 2), np.float32) / 8, np.arange(64, dtype=np.float32).reshape(8, 8) / 64


def main(w, x):
    mesh = jax.make_mesh((4, 2), ("dp", "mp"))
    with jax.set_mesh(mesh):
        w = jax.device_put(w, P())
        x = jax.device_put(x, P("dp"))
        return accumulate(w, x, dp="dp")


if __name__ == "__main__":
    print(main(*inputs()))
