"""An mmcv-style `Compose` pipeline: its __init__ builds each transform of a config list through
the registry (`[build_from_cfg(t, TRANSFORMS) for t in transforms]`) and its `__call__` runs them
in turn over a results dict. The first transform stores a psum result, invariant on 'j', under
"energy"; the second gathers it to 'reduced'."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Registry:
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


TRANSFORMS = Registry("transforms")


class Compose:
    def __init__(self, transforms):
        self.transforms = [build_from_cfg(t, TRANSFORMS) for t in transforms]

    def __call__(self, results):
        for transform in self.transforms:
            results = transform(results)
        return results


@TRANSFORMS.register_module()
class Energy:
    def __init__(self, axis):
        self.axis = axis

    def __call__(self, results):
        results["energy"] = jax.lax.psum(jnp.sum(results["x"] ** 2, axis=-1), self.axis)
        return results


@TRANSFORMS.register_module()
class GatherEnergy:
    def __init__(self, axis):
        self.axis = axis

    def __call__(self, results):
        results["all_energy"] = jax.lax.all_gather(results["energy"], self.axis, to="reduced", tiled=True)  # SF101
        return results


pipeline_cfg = [dict(type="Energy", axis="j"), dict(type="GatherEnergy", axis="j")]


def main(mesh, x):
    pipeline = Compose(pipeline_cfg)

    def run(x):
        results = pipeline(dict(x=x))
        return results["all_energy"]

    return jax.shard_map(run, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", reduced={"j"}))(x)
