"""tools/deployment/quantize.py: symmetric per-channel int8 weight scales for the head."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

quant_cfg = dict(bits=8, symmetric=True, channel_axis="tensor")


def per_channel_absmax(weight, axis_name):
    local = jnp.abs(weight).max(axis=0, keepdims=True)
    return jax.lax.all_gather(local, axis_name, axis=1, tiled=True, to="reduced")


def quant_scales(weight, bits, symmetric, channel_axis):
    qmax = 2 ** (bits - 1) - 1 if symmetric else 2 ** bits - 1
    return per_channel_absmax(weight / qmax, channel_axis)


def inputs():
    return (np.random.default_rng(65).normal(size=(16, 8)).astype(np.float32),)


def main(weight):
    mesh = jax.make_mesh((4, 2), ("replica", "tensor"))
    weight = jax.device_put(weight, NamedSharding(mesh, P("replica", "tensor")))
    body = functools.partial(quant_scales, **quant_cfg)
    run = jax.shard_map(body, mesh=mesh, in_specs=P("replica", "tensor"),
                        out_specs=P("replica", None, reduced={"tensor"}))
    return run(weight)


if __name__ == "__main__":
    main(*inputs())
