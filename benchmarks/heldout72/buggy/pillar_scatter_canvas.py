"""PointPillarsScatter: pillar features scattered onto the dense pseudo-image canvas."""
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


MIDDLE_ENCODERS = Registry("middle_encoder")

pts_middle_encoder = dict(type="PointPillarsScatter", in_channels=4, output_shape=[8, 4])


@MIDDLE_ENCODERS.register_module()
class PointPillarsScatter:
    def __init__(self, in_channels, output_shape, mesh_axes=()):
        self.in_channels = in_channels
        self.ny, self.nx = output_shape
        self.mesh_axes = mesh_axes

    def _per_sweep_canvas(self, pillar_feats):
        pillar_axis = self.mesh_axes[1]
        return jax.lax.all_gather(pillar_feats, pillar_axis, axis=1, tiled=True, to="reduced")

    def _to_dense(self, canvas):
        dense = jax.lax.all_gather(canvas, self.mesh_axes, axis=0, tiled=True, to="reduced")
        return dense.reshape(dense.shape[0], self.ny, self.nx, self.in_channels)

    def __call__(self, pillar_feats):
        canvas = self._per_sweep_canvas(pillar_feats)
        return self._to_dense(canvas)


def inputs():
    return (np.random.default_rng(11).normal(size=(4, 32, 4)).astype(np.float32),)


def main(pillar_feats):
    mesh = jax.make_mesh((2, 4), ("sweep", "pillar"))
    pillar_feats = jax.device_put(pillar_feats, NamedSharding(mesh, P("sweep", "pillar", None)))
    scatter = build_from_cfg(pts_middle_encoder, MIDDLE_ENCODERS,
                             default_args=dict(mesh_axes=mesh.axis_names))
    run = jax.shard_map(scatter, mesh=mesh, in_specs=P("sweep", "pillar", None),
                        out_specs=P(None, None, None, None, reduced={"sweep", "pillar"}))
    return run(pillar_feats)


if __name__ == "__main__":
    main(*inputs())
