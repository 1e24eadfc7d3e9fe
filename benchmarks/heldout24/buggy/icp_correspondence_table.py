"""Nearest-neighbour correspondences between a source scan and the map, pooled for outlier rejection."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SCAN, POINTS = "scan", "points"
ALL_AXES = (SCAN, POINTS)


def nearest(src, dst):
    d = jnp.sum((src[:, None, :] - dst[None, :, :]) ** 2, axis=-1)
    return jnp.min(d, axis=-1)


def correspondences(src, dst):
    dist = nearest(src, dst)
    along_scan = jax.lax.all_gather(dist, axis_name=POINTS, axis=0, tiled=True, to="reduced")
    return jax.lax.all_gather(along_scan, axis_name=ALL_AXES, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(61)
    return (rng.standard_normal((32, 3)).astype(np.float32),
            rng.standard_normal((16, 3)).astype(np.float32))


def main(src, dst):
    mesh = jax.make_mesh((2, 4), ALL_AXES)
    src = jax.device_put(src, NamedSharding(mesh, P(ALL_AXES, None)))
    dst = jax.device_put(dst, NamedSharding(mesh, P()))
    fn = jax.shard_map(correspondences, mesh=mesh, in_specs=(P(ALL_AXES, None), P()),
                       out_specs=P(None, reduced=set(ALL_AXES)))
    return fn(src, dst)


if __name__ == "__main__":
    print(main(*inputs()))
