"""Coarse-to-fine occupancy decoder: both scales of the semantic volume sent to the host."""
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


HEADS = Registry("heads")

cfg = ConfigDict(
    occ_head=dict(type="CoarseToFineOccHead", column_axis="voxel", upsample=2),
    dist=dict(mesh_shape=(4, 2), mesh_axes=("batch", "voxel")),
)


@HEADS.register_module()
class CoarseToFineOccHead:
    def __init__(self, column_axis, upsample, host_axes=()):
        self.column_axis = column_axis
        self.upsample = upsample
        self.host_axes = host_axes

    def full_column(self, volume):
        return jax.lax.all_gather(volume, self.column_axis, axis=1, tiled=True, to="reduced")

    def to_host(self, volume):
        return jax.lax.all_gather(volume, self.host_axes, axis=0, tiled=True, to="reduced")

    def __call__(self, logits):
        coarse = logits[:, ::self.upsample]
        fine = self.full_column(jnp.repeat(coarse, self.upsample, axis=1))
        return tuple(self.to_host(volume) for volume in (coarse, fine))


def inputs():
    return (np.random.default_rng(21).normal(size=(8, 16, 8)).astype(np.float32),)


def main(logits):
    mesh = jax.make_mesh(cfg.dist.mesh_shape, cfg.dist.mesh_axes)
    logits = jax.device_put(logits, NamedSharding(mesh, P("batch", "voxel", None)))
    head = build_from_cfg(cfg.occ_head, HEADS, default_args=dict(host_axes=cfg.dist.mesh_axes))
    out = P(None, None, None, reduced={"batch", "voxel"})
    run = jax.shard_map(head, mesh=mesh, in_specs=P("batch", "voxel", None), out_specs=(out, out))
    return run(logits)


if __name__ == "__main__":
    main(*inputs())
