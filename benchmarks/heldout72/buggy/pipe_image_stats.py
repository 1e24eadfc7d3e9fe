"""Dataset statistics pass: brightness per sample over the rig, averaged over the dataset."""
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


TRANSFORMS = Registry("transforms")

class Compose:
    """Runs the configured transforms on a results dict, in order."""

    def __init__(self, transforms, default_args=None):
        self.transforms = [build_from_cfg(t, TRANSFORMS, default_args) for t in transforms]

    def __call__(self, results):
        for transform in self.transforms:
            results = transform(results)
            if results is None:
                return None
        return results


dist_params = dict(mesh_shape=(2, 4), axes=("data", "view"))


@TRANSFORMS.register_module()
class RigBrightness:
    def __init__(self, view_axis):
        self.view_axis = view_axis

    def __call__(self, results):
        img = results["img"]
        views = jax.lax.psum(img.shape[1], self.view_axis)
        results["brightness"] = jax.lax.psum(img.sum(axis=(1, 2)), self.view_axis) / (views * img.shape[2])
        return results


@TRANSFORMS.register_module()
class DatasetMean:
    def __init__(self, key, dataset_axes):
        self.key = key
        self.dataset_axes = tuple(dataset_axes)

    def __call__(self, results):
        results[f"dataset_{self.key}"] = jax.lax.pmean(results[self.key].mean(), self.dataset_axes)
        return results


stats_pipeline = [
    dict(type="RigBrightness", view_axis="view"),
    dict(type="DatasetMean", key="brightness", dataset_axes=dist_params["axes"]),
]


def inputs():
    return (np.random.default_rng(54).uniform(0, 255, size=(4, 8, 6)).astype(np.float32),)


def main(img):
    mesh = jax.make_mesh(dist_params["mesh_shape"], dist_params["axes"])
    img = jax.device_put(img, NamedSharding(mesh, P("data", "view", None)))
    pipeline = Compose(stats_pipeline)

    def run(img):
        results = pipeline(dict(img=img))
        return results["brightness"], results["dataset_brightness"]

    step = jax.shard_map(run, mesh=mesh, in_specs=P("data", "view", None), out_specs=(P("data"), P()))
    return step(img)


if __name__ == "__main__":
    main(*inputs())
