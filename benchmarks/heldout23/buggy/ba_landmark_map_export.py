import enum

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Ax(str, enum.Enum):
    OBS = "obs"
    CAM = "cam"


def triangulate(rays, depths):
    """Midpoint landmarks of this shard's tracks, all camera shards' contributions together."""
    points = rays * depths[..., None]
    return jax.lax.all_gather(points, Ax.CAM.value, axis=1, tiled=True, to="reduced")


def export_map(rays, depths):
    points = triangulate(rays, depths)
    return jax.lax.all_gather(points, (Ax.OBS.value, Ax.CAM.value), axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(41)
    rays = rng.normal(size=(32, 8, 3)).astype(np.float32)
    depths = rng.uniform(1, 20, size=(32, 8)).astype(np.float32)
    return rays, depths


def main(rays, depths):
    mesh = jax.make_mesh((4, 2), tuple(a.value for a in Ax))
    track_spec = P(Ax.OBS.value, Ax.CAM.value)
    rays = jax.device_put(rays, NamedSharding(mesh, P(Ax.OBS.value, Ax.CAM.value, None)))
    depths = jax.device_put(depths, NamedSharding(mesh, track_spec))
    landmarks = jax.shard_map(export_map, mesh=mesh,
                              in_specs=(P(Ax.OBS.value, Ax.CAM.value, None), track_spec),
                              out_specs=P(reduced={a.value for a in Ax}))(rays, depths)
    return landmarks


if __name__ == "__main__":
    print(jnp.asarray(main(*inputs())).shape)
