"""Equivariant norm nonlinearity over irreps blocks whose multiplicities are split over channels."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DATA_AXIS = "data"
CHANNEL_AXIS = "channel"


def parse_irreps(text):
    """'8x0e+4x1o' -> [(8, 0), (4, 1)]"""
    blocks = []
    for item in text.split("+"):
        mul, ir = item.strip().split("x")
        blocks.append((int(mul), int(ir[:-1])))
    return blocks


def split_blocks(features, irreps):
    out, start = [], 0
    for mul, l in irreps:
        width = 2 * l + 1
        out.append(features[..., start:start + width])
        start += width
    return out


def block_norm(block, channel_axis):
    sq = jnp.sum(block ** 2, axis=(-2, -1), keepdims=True)
    return jax.lax.psum(sq, channel_axis)


def norm_activation(features, *, irreps, channel_axis):
    blocks = split_blocks(features, irreps)
    norms = [block_norm(b, channel_axis) for b in blocks]
    return jnp.concatenate(norms, axis=-1)


def inputs():
    rng = np.random.default_rng(12)
    return (rng.normal(size=(4, 8, 4)).astype(np.float32),)


def main(features):
    mesh = jax.make_mesh((2, 4), (DATA_AXIS, CHANNEL_AXIS))
    spec = P(DATA_AXIS, CHANNEL_AXIS, None)
    features = jax.device_put(features, NamedSharding(mesh, spec))
    act = functools.partial(norm_activation, irreps=parse_irreps("8x0e+8x1o"), channel_axis=CHANNEL_AXIS)
    return jax.shard_map(act, mesh=mesh, in_specs=(spec,),
                         out_specs=P(DATA_AXIS, None, None))(features)


if __name__ == "__main__":
    main(*inputs())
