"""PillarFeatureNet: decorate points with the offset to the cloud's mean point."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

class Registry:
    """A name -> class table filled by decorators, as the model zoo uses it."""

    def __init__(self, name):
        self.name = name
        self._module_dict = {}

    def register_module(self, name=None):
        def _register(obj):
            self._module_dict[name or obj.__name__] = obj
            return obj
        return _register

    def get(self, key):
        return self._module_dict[key]


def build_from_cfg(cfg, registry, default_args=None):
    args = dict(cfg)
    obj_type = args.pop("type")
    for key, value in (default_args or {}).items():
        args.setdefault(key, value)
    return registry.get(obj_type)(**args)


VOXEL_ENCODERS = Registry("voxel_encoder")

voxel_size = [0.16, 0.16, 4.0]
point_cloud_range = [0.0, -39.68, -3.0, 69.12, 39.68, 1.0]
pts_voxel_encoder = dict(
    type="PillarFeatureNet",
    in_channels=4,
    feat_channels=[8],
    with_cluster_center=True,
    voxel_size=voxel_size,
    point_cloud_range=point_cloud_range,
)


def _allreduce_mean(x, count, axes):
    return jax.lax.psum(x, axes) / jax.lax.psum(count, axes)


@VOXEL_ENCODERS.register_module()
class PillarFeatureNet:
    def __init__(self, in_channels, feat_channels, with_cluster_center, voxel_size,
                 point_cloud_range, mesh_axes=None):
        self.with_cluster_center = with_cluster_center
        self.mesh_axes = mesh_axes
        self.cloud_axis = mesh_axes[-1]
        self.gather_centers = functools.partial(
            jax.lax.all_gather, axis_name=self.cloud_axis, axis=0, tiled=True, to="reduced")
        self.weight = jnp.ones((in_channels * 2, feat_channels[0]), jnp.float32) * 0.05

    def __call__(self, points):
        count = jnp.asarray(points.shape[0] * points.shape[1], jnp.float32)
        points_mean = _allreduce_mean(points.sum(axis=(0, 1)), count, self.mesh_axes)
        centers = self.gather_centers(points_mean[None])
        decorated = jnp.concatenate([points, points - points_mean], axis=-1)
        return decorated @ self.weight, centers


def inputs():
    return (np.random.default_rng(10).normal(size=(4, 32, 4)).astype(np.float32),)


def main(points):
    mesh = jax.make_mesh((2, 4), ("sweep", "pillar"))
    points = jax.device_put(points, NamedSharding(mesh, P("sweep", "pillar", None)))
    encoder = build_from_cfg(pts_voxel_encoder, VOXEL_ENCODERS,
                             default_args=dict(mesh_axes=mesh.axis_names))
    run = jax.shard_map(encoder, mesh=mesh, in_specs=P("sweep", "pillar", None),
                        out_specs=(P("sweep", "pillar", None), P(None, None, reduced={"pillar"})))
    return run(points)


if __name__ == "__main__":
    main(*inputs())
