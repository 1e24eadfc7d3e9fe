import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("island", "body")


def _aabbs(pos, radius):
    r = radius[:, None]
    return jnp.concatenate([pos - r, pos + r], axis=1)


def _island_boxes(boxes, body_axis):
    return jax.lax.all_gather(boxes, body_axis, axis=0, tiled=True, to="reduced")


def _scene_boxes(boxes, axes):
    return jax.lax.all_gather(_island_boxes(boxes, axes[-1]), axes, axis=0, tiled=True, to="reduced")


def broadphase(pos, radius):
    """Every body's AABB, for the host-side sweep-and-prune."""
    return _scene_boxes(_aabbs(pos, radius), AXES)


def inputs():
    rng = np.random.default_rng(13)
    return (rng.uniform(-10, 10, size=(64, 3)).astype(np.float32),
            rng.uniform(0.1, 1.0, size=(64,)).astype(np.float32))


def main(pos, radius):
    mesh = jax.make_mesh((2, 4), AXES)
    pos = jax.device_put(pos, NamedSharding(mesh, P(AXES, None)))
    radius = jax.device_put(radius, NamedSharding(mesh, P(AXES)))
    return jax.shard_map(broadphase, mesh=mesh, in_specs=(P(AXES, None), P(AXES)),
                         out_specs=P(reduced=set(AXES)))(pos, radius)


if __name__ == "__main__":
    boxes = main(*inputs())
    print(boxes.shape)
