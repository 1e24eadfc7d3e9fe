"""launchers/diffusion/attn_block.py: spatially sharded UNet block with a channel-parallel attention.

The conv path works on spatial shards; the attention wants channel shards, so the block
switches layouts with all_to_all over the spatial axis. The skip connection is kept whole
(gathered to reduced) for the decoder half.
"""
import os
import time

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

H, C = 8, 8


def topology_from_env():
    n = jax.device_count()
    spatial = int(os.environ.get("ICI_SPATIAL", "4"))
    if n % spatial:
        raise ValueError(f"{n} devices do not split into {spatial} spatial shards")
    return (n // spatial, spatial)


class UNetBlock:
    def __init__(self, spatial_axis, keep_skip=True):
        self.spatial_axis = spatial_axis
        self.keep_skip = keep_skip

    def conv(self, x):
        return jnp.tanh(x * 0.5 + jnp.roll(x, 1, axis=1) * 0.25)

    def skip(self, x):
        if self.keep_skip:
            return jax.lax.all_gather(x, self.spatial_axis, axis=1, tiled=True, to="reduced")
        return x

    def attention(self, x):
        x = jax.lax.all_to_all(x, self.spatial_axis, split_axis=2, concat_axis=1, tiled=True)
        scores = jnp.einsum("bhc,bgc->bhg", x, x)
        return jnp.einsum("bhg,bgc->bhc", jax.nn.softmax(scores, axis=-1), x)

    def __call__(self, x):
        h = self.conv(x)
        s = self.skip(h)
        a = self.attention(s)
        return a


def make_forward(mesh, block):
    return jax.jit(jax.shard_map(block, mesh=mesh,
                                 in_specs=P("data", block.spatial_axis, None),
                                 out_specs=P("data", None, block.spatial_axis)))


def local_batch(mesh):
    rng = np.random.default_rng(jax.process_index())
    x = rng.standard_normal((4, H, C)).astype(np.float32)
    return jax.make_array_from_process_local_data(
        NamedSharding(mesh, P("data", "spatial", None)), x)


def main(keep_skip):
    mesh = jax.make_mesh(topology_from_env(), ("data", "spatial"))
    block = UNetBlock("spatial", keep_skip=keep_skip)
    x = local_batch(mesh)
    t0 = time.perf_counter()
    with jax.set_mesh(mesh):
        out = make_forward(mesh, block)(x)
    if jax.process_index() == 0:
        print("block out", out.shape, f"{time.perf_counter() - t0:.2f}s")
    return out


def inputs():
    return (os.environ.get("KEEP_SKIP", "1") != "0",)


if __name__ == "__main__":
    main(*inputs())
