"""Squeeze-and-excitation block of a ResNet whose channels are gathered (reduced) over 'model'
after the 1x1 conv; the squeeze sums the pooled activations over the channel shards."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

CHANNEL_AXIS = "model"


def conv1x1(x, w):
    return jnp.einsum("nhwc,cd->nhwd", x, w)


def squeeze(h, axis_name=CHANNEL_AXIS):
    pooled = jnp.sum(h, axis=(1, 2))
    return jax.lax.psum(pooled, axis_name)


def se_block(x, w):
    h = conv1x1(x, w)
    h_full = jax.lax.all_gather(h, CHANNEL_AXIS, axis=3, tiled=True, to="reduced")
    s = squeeze(h_full)
    return s


def main(x, w):
    mesh = jax.make_mesh((4, 2), ("data", CHANNEL_AXIS))
    f = jax.shard_map(se_block, mesh=mesh, in_specs=(P("data", None, None, None), P(None, CHANNEL_AXIS)),
                      out_specs=P("data", None))
    return f(jax.device_put(x, NamedSharding(mesh, P("data", None, None, None))),
             jax.device_put(w, NamedSharding(mesh, P(None, CHANNEL_AXIS))))


def inputs():
    k1, k2 = jax.random.split(jax.random.key(32))
    return jax.random.normal(k1, (8, 4, 4, 6)), jax.random.normal(k2, (6, 8))
