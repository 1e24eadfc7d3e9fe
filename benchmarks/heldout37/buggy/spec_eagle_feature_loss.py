"""EAGLE-style draft head training: feature-regression loss averaged over the mesh."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("batch", "vocab"))
LOSS_AXES = {"data": "batch", "model": "vocab"}


def feature_loss(pred, target):
    return jnp.mean(jnp.abs(pred - target), axis=(0, 1))


def draft_head_loss(pred, target):
    per_shard = feature_loss(pred, target)
    per_shard = jax.lax.psum(per_shard, LOSS_AXES["model"])
    return jax.lax.psum(per_shard, axis_name=tuple(LOSS_AXES.values()))


def inputs():
    k1, k2 = jax.random.split(jax.random.key(7))
    sh = NamedSharding(MESH, P("batch", None, "vocab"))
    return (jax.device_put(jax.random.normal(k1, (8, 4, 16)), sh),
            jax.device_put(jax.random.normal(k2, (8, 4, 16)), sh))


def main(pred, target):
    # the per-head loss varies on the batch shards, summed over data x model
    fn = jax.shard_map(lambda p, t: draft_head_loss(p, t).sum(), mesh=MESH,
                       in_specs=(P("batch", None, "vocab"),) * 2, out_specs=P())
    return fn(pred, target)
