"""RealNVP coupling layer: the shift network's output is gathered over feature shards and clipped."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

SHIFT_BOUND = 3.0


def shift_net(x, w):
    return jnp.tanh(x @ w)


@functools.partial(jax.shard_map, in_specs=(P("batch", None), P(None, "feat")),
                   out_specs=P("batch", None, reduced={"feat"}))
def coupling_shift(x, w):
    t_local = shift_net(x, w)
    t = jnp.clip(jax.lax.all_gather(t_local, "feat", axis=1, tiled=True, to="reduced"), -SHIFT_BOUND, SHIFT_BOUND)
    return t


def inputs():
    mesh = jax.make_mesh((2, 4), ("batch", "feat"))
    x = jnp.linspace(-3.0, 3.0, 8 * 4).reshape(8, 4)
    w = jnp.full((4, 8), 2.0)
    return mesh, x, w


def main(mesh, x, w):
    x = jax.device_put(x, NamedSharding(mesh, P("batch", None)))
    w = jax.device_put(w, NamedSharding(mesh, P(None, "feat")))
    with jax.set_mesh(mesh):
        return coupling_shift(x, w)
