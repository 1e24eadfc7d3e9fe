"""TensorRT plugin emulation for BEV pooling: interval features regrouped across tensor ranks."""
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


PLUGINS = Registry("plugins")

deploy_cfg = dict(
    backend_config=dict(type="tensorrt", fp16_mode=False),
    plugins=[dict(type="BEVPoolPlugin", rank_axis="tensor", broadcast_intervals=True)],
)


@PLUGINS.register_module()
class BEVPoolPlugin:
    def __init__(self, rank_axis, broadcast_intervals=False):
        self.rank_axis = rank_axis
        self.broadcast_intervals = broadcast_intervals

    def intervals(self, feats):
        if self.broadcast_intervals:
            return jax.lax.all_gather(feats, self.rank_axis, axis=1, tiled=True, to="reduced")
        return feats

    def regroup(self, feats):
        return jax.lax.all_to_all(feats, self.rank_axis, 0, 0, tiled=True)

    def enqueue(self, feats):
        pooled = self.intervals(feats)
        return self.regroup(pooled)


def inputs():
    return (np.random.default_rng(62).normal(size=(8, 16)).astype(np.float32),)


def main(feats):
    mesh = jax.make_mesh((4, 2), ("replica", "tensor"))
    feats = jax.device_put(feats, NamedSharding(mesh, P("replica", "tensor")))
    (plugin,) = [build_from_cfg(cfg, PLUGINS) for cfg in deploy_cfg["plugins"]]
    run = jax.shard_map(plugin.enqueue, mesh=mesh, in_specs=P("replica", "tensor"),
                        out_specs=P(("replica", "tensor"), None))
    return run(feats)


if __name__ == "__main__":
    main(*inputs())
