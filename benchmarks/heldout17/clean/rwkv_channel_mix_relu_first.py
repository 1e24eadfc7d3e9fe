"""RWKV-like channel mixing: squared ReLU on the shard, then the hidden units gathered reduced."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

gather_hidden = functools.partial(jax.lax.all_gather, axis_name="hidden", axis=1, tiled=True, to="reduced")


def channel_mix(x, w_k):
    k = gather_hidden(jnp.square(jax.nn.relu(x @ w_k)))
    return jnp.abs(k) * jnp.abs(k)


def inputs():
    mesh = jax.make_mesh((2, 4), ("batch", "hidden"))
    return mesh, jnp.linspace(-1, 1, 32).reshape(8, 4), jnp.ones((4, 16)) * 0.5


def main(mesh, x, w_k):
    x = jax.device_put(x, NamedSharding(mesh, P("batch", None)))
    w_k = jax.device_put(w_k, NamedSharding(mesh, P(None, "hidden")))
    f = jax.shard_map(channel_mix, mesh=mesh, in_specs=(P("batch", None), P(None, "hidden")),
                      out_specs=P("batch", None, reduced={"hidden"}))
    return f(x, w_k)
