"""MonoScene-style geometric scene-class affinity loss on the gathered empty-class column."""
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


LOSSES = Registry("losses")

cfg = ConfigDict(
    loss_geo_scal=dict(type="GeoScalLoss", empty_idx=0, column_axis="voxel"),
)


@LOSSES.register_module()
class GeoScalLoss:
    def __init__(self, empty_idx, column_axis):
        self.empty_idx = empty_idx
        self.column_axis = column_axis

    def empty_column(self, probs):
        return jax.lax.all_gather(probs, self.column_axis, axis=1, tiled=True, to="reduced")

    def __call__(self, logits):
        empty_probs = self.empty_column(jax.nn.softmax(logits, axis=-1)[..., self.empty_idx])
        nonempty_probs = 1 - empty_probs
        return nonempty_probs


def inputs():
    return (np.random.default_rng(25).normal(size=(8, 16, 8)).astype(np.float32),)


def main(logits):
    mesh = jax.make_mesh((4, 2), ("batch", "voxel"))
    logits = jax.device_put(logits, NamedSharding(mesh, P("batch", "voxel", None)))
    loss = build_from_cfg(cfg.loss_geo_scal, LOSSES)
    run = jax.shard_map(loss, mesh=mesh, in_specs=P("batch", "voxel", None),
                        out_specs=P("batch", None, reduced={"voxel"}))
    return run(logits)


if __name__ == "__main__":
    main(*inputs())
