"""tools/export_motion_predictions.py: gather per-scene trajectories into the submission layout."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
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


EXPORTERS = Registry("exporters")

data_cfg = dict(pred_layout=["agent", "mode", None, None])
export_cfg = dict(type="SceneExporter", layout=["agent", None, None, None], gathered=["mode"])


def spec_from_cfg(entries, gathered=()):
    return P(*entries, reduced=set(gathered))


@EXPORTERS.register_module()
class SceneExporter:
    def __init__(self, layout, gathered):
        self.spec = spec_from_cfg(layout, gathered)

    def __call__(self, preds):
        submission = top_level_all_gather(preds, self.spec)
        return jax.reshard(submission, P(None, None, None, None))


def inputs():
    return (np.random.default_rng(33).normal(size=(8, 8, 6, 2)).astype(np.float32),)


def main(preds):
    mesh = jax.make_mesh((2, 4), ("agent", "mode"))
    preds = jax.device_put(preds, NamedSharding(mesh, spec_from_cfg(data_cfg["pred_layout"])))
    exporter = build_from_cfg(export_cfg, EXPORTERS)
    with jax.set_mesh(mesh):
        return exporter(preds)


if __name__ == "__main__":
    main(*inputs())
