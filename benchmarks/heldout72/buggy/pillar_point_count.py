"""Pillar occupancy statistics logged next to the voxelisation (points per pillar)."""
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


VOXEL_LAYERS = Registry("voxel_layer")

pts_voxel_layer = dict(type="PillarStats", max_num_points=32, sweep_axis="sweep")


@VOXEL_LAYERS.register_module()
class PillarStats:
    def __init__(self, max_num_points, sweep_axis, mesh=None):
        self.max_num_points = max_num_points
        self.sweep_axis = sweep_axis
        self.log_axes = tuple(mesh.axis_names)

    def merged_counts(self, valid):
        counts = jnp.minimum(valid.sum(axis=-1), self.max_num_points)
        return jax.lax.psum(counts, self.sweep_axis)

    def __call__(self, valid):
        num_points = self.merged_counts(valid)
        occupied = (num_points > 0).astype(jnp.float32)
        mean_points = jax.lax.pmean(num_points.astype(jnp.float32).mean(), self.log_axes)
        return occupied, mean_points


def inputs():
    return ((np.random.default_rng(14).uniform(size=(4, 32, 8)) > 0.6).astype(np.int32),)


def main(valid):
    mesh = jax.make_mesh((2, 4), ("sweep", "pillar"))
    valid = jax.device_put(valid, NamedSharding(mesh, P("sweep", "pillar", None)))
    stats = build_from_cfg(pts_voxel_layer, VOXEL_LAYERS, default_args=dict(mesh=mesh))
    run = jax.shard_map(stats, mesh=mesh, in_specs=P("sweep", "pillar", None),
                        out_specs=(P(None, "pillar"), P()))
    return run(valid)


if __name__ == "__main__":
    main(*inputs())
