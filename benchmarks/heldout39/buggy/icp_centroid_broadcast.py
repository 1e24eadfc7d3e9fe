import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def _share(value, *, axis):
    return jax.lax.all_gather(value, axis, axis=1, tiled=True, to="reduced")


def centroid_body(src, *, pts_axis, n_points):
    total = jax.lax.psum(src.sum(axis=1), pts_axis)
    centroid = total / n_points
    return _share(centroid, axis=pts_axis)


def inputs():
    rng = np.random.default_rng(20)
    return (rng.normal(size=(4, 64, 4)).astype(np.float32),)


def main(src):
    mesh = jax.make_mesh((2, 4), ("pair", "pts"))
    src = jax.device_put(src, NamedSharding(mesh, P("pair", "pts", None)))
    body = functools.partial(centroid_body, pts_axis="pts", n_points=src.shape[1])
    centroids = jax.shard_map(
        body, mesh=mesh, in_specs=P("pair", "pts", None), out_specs=P("pair", None, reduced={"pts"})
    )(src)
    print(centroids.shape)
    return centroids


if __name__ == "__main__":
    main(*inputs())
