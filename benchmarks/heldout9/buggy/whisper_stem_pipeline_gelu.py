"""Whisper-like conv stem written as a list of stages applied in order: a conv over the local
channel shard, a gather of the channels, and the GELU of the original model."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def conv1d(x, w):
    return jax.lax.conv_general_dilated(x, w, window_strides=(1,), padding="SAME",
                                        dimension_numbers=("NWC", "WIO", "NWC"))


gather_channels = functools.partial(jax.lax.all_gather, axis_name="model", axis=2, tiled=True,
                                    to="reduced")
act = functools.partial(jax.nn.gelu, approximate=False)


def stem(x, w):
    stages = [functools.partial(conv1d, w=w), gather_channels, act]
    h = x
    for stage in stages:
        h = stage(h)
    return h


def main(x, w):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    f = jax.shard_map(stem, mesh=mesh, in_specs=(P("data", None, None), P(None, None, "model")),
                      out_specs=P("data", None, None))
    return f(jax.device_put(x, NamedSharding(mesh, P("data", None, None))),
             jax.device_put(w, NamedSharding(mesh, P(None, None, "model"))))


def inputs():
    k1, k2 = jax.random.split(jax.random.key(25))
    return jax.random.normal(k1, (4, 20, 8)), jax.random.normal(k2, (3, 8, 16))
