"""Camera visibility mask for occupancy: rays gathered along the column, hits scattered back."""
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


class ConfigDict(dict):
    """Attribute access to nested config dicts (cfg.model.occ_head.loss_occ)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for key, value in self.items():
            if isinstance(value, dict) and not isinstance(value, ConfigDict):
                self[key] = ConfigDict(value)

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError as exc:
            raise AttributeError(name) from exc


TRANSFORMS = Registry("transforms")

REDUCE_OPS = {
    "sum": lambda x, axis: jax.lax.psum(x, axis),
    "scatter_sum": lambda x, axis: jax.lax.psum_scatter(x, axis, scatter_dimension=1, tiled=True),
}

cfg = ConfigDict(
    visibility=dict(type="RayVisibility", ray_axis="voxel", reduce="scatter_sum", gather_rays=False),
)


@TRANSFORMS.register_module()
class RayVisibility:
    def __init__(self, ray_axis, reduce, gather_rays):
        self.ray_axis = ray_axis
        self.reduce = REDUCE_OPS[reduce]
        self.gather_rays = gather_rays

    def rays(self, density):
        if self.gather_rays:
            return jax.lax.all_gather(density, self.ray_axis, axis=1, tiled=True, to="reduced")
        return density

    def __call__(self, density):
        column = self.rays(jnp.abs(density))
        transmittance = jnp.exp(-column)
        return self.reduce(transmittance, self.ray_axis)


def inputs():
    return (np.random.default_rng(22).normal(size=(8, 16, 8)).astype(np.float32),)


def main(density):
    mesh = jax.make_mesh((4, 2), ("batch", "voxel"))
    density = jax.device_put(density, NamedSharding(mesh, P("batch", "voxel", None)))
    visibility = build_from_cfg(cfg.visibility, TRANSFORMS)
    run = jax.shard_map(visibility, mesh=mesh, in_specs=P("batch", "voxel", None),
                        out_specs=P("batch", "voxel", None))
    return run(density)


if __name__ == "__main__":
    main(*inputs())
