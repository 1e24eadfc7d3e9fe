"""SSD-like anchor generator: per-level anchors built on shards, gathered for box decoding."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def gather_level(part, axes):
    return jax.lax.all_gather(part, axes, axis=0, tiled=True, to="reduced")


def gather_boxes(deltas, level_axis, anchor_axis):
    per_level = jax.lax.all_gather(deltas, anchor_axis, axis=0, tiled=True, to="reduced")
    return gather_level(per_level, (level_axis, anchor_axis))


def decode(deltas, anchors, level_axis, anchor_axis):
    full = gather_boxes(deltas, level_axis, anchor_axis)
    return full


def inputs():
    return (np.random.RandomState(3).randn(32, 4).astype(np.float32),)


def main(deltas):
    mesh = jax.make_mesh((2, 4), ("level", "anchor"))
    level_axis, anchor_axis = mesh.axis_names
    deltas = jax.device_put(deltas, NamedSharding(mesh, P((level_axis, anchor_axis), None)))
    body = functools.partial(decode, anchors=None, level_axis=level_axis, anchor_axis=anchor_axis)
    return jax.shard_map(body, mesh=mesh, in_specs=P((level_axis, anchor_axis), None),
                         out_specs=P(None, None, reduced={level_axis, anchor_axis}))(deltas)


if __name__ == "__main__":
    print(main(*inputs()).shape)
