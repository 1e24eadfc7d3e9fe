"""Pillar height encoding: z of the whole column normalised by the voxel size."""
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
    type="HeightEncoder",
    voxel_size=voxel_size,
    point_cloud_range=point_cloud_range,
    column_axis="pillar",
)


@VOXEL_ENCODERS.register_module()
class HeightEncoder:
    def __init__(self, voxel_size, point_cloud_range, column_axis):
        self.vz = voxel_size[2]
        self.z_offset = self.vz / 2 + point_cloud_range[2]
        self.column_axis = column_axis

    def column_heights(self, points):
        z = points[..., 2]
        return jax.lax.all_gather(z, self.column_axis, axis=1, tiled=True, to="reduced")

    def __call__(self, points):
        z = self.column_heights(points)
        return (z - self.z_offset) / self.vz


def inputs():
    return (np.random.default_rng(15).normal(size=(4, 32, 4)).astype(np.float32),)


def main(points):
    mesh = jax.make_mesh((2, 4), ("sweep", "pillar"))
    points = jax.device_put(points, NamedSharding(mesh, P("sweep", "pillar", None)))
    encoder = build_from_cfg(pts_voxel_encoder, VOXEL_ENCODERS)
    run = jax.shard_map(encoder, mesh=mesh, in_specs=P("sweep", "pillar", None),
                        out_specs=P("sweep", None, reduced={"pillar"}))
    return run(points)


if __name__ == "__main__":
    main(*inputs())
