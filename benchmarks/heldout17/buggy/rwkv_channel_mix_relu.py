"""RWKV-like channel mixing: squared-ReLU keys on the hidden units gathered from their shards."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

gather_hidden = functools.partial(jax.lax.all_gather, axis_name="hidden", axis=1, tiled=True, to="reduced")


def channel_mix(x, w_k):
    kk = gather_hidden(x @ w_k)
    k = jnp.square(jax.nn.relu(kk))
    return k


def inputs():
    mesh = jax.make_mesh((2, 4), ("batch", "hidden"))
    x = jnp.linspace(-1, 1, 8 * 4).reshape(8, 4)
    w_k = jnp.ones((4, 16)) * 0.5
    return mesh, x, w_k


def main(mesh, x, w_k):
    x = jax.device_put(x, NamedSharding(mesh, P("batch", None)))
    w_k = jax.device_put(w_k, NamedSharding(mesh, P(None, "hidden")))
    f = jax.shard_map(channel_mix, mesh=mesh, in_specs=(P("batch", None), P(None, "hidden")),
                      out_specs=P("batch", None, reduced={"hidden"}))
    return f(x, w_k)
