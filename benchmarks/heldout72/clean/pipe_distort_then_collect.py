"""Multi-view photometric distortion applied after the views are collected for the rig."""
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


@TRANSFORMS.register_module()
class CollectViews:
    def __init__(self, view_axis):
        self.view_axis = view_axis

    def __call__(self, results):
        results["img"] = jax.lax.all_gather(results["img"], self.view_axis, axis=1, tiled=True, to="reduced")
        return results


@TRANSFORMS.register_module()
class PhotoMetricDistortionMultiViewImage:
    def __init__(self, brightness_delta=32, contrast_range=(0.5, 1.5)):
        self.brightness_delta = brightness_delta
        self.contrast_range = contrast_range

    def __call__(self, results):
        img = results["img"]
        img = img + self.brightness_delta
        results["img"] = img
        return results


train_pipeline = [
    dict(type="PhotoMetricDistortionMultiViewImage", brightness_delta=32),
    dict(type="CollectViews", view_axis="view"),
]


def inputs():
    return (np.random.default_rng(55).uniform(0, 255, size=(4, 8, 6)).astype(np.float32),)


def main(img):
    mesh = jax.make_mesh((2, 4), ("data", "view"))
    img = jax.device_put(img, NamedSharding(mesh, P("data", "view", None)))
    pipeline = Compose(train_pipeline)
    step = jax.shard_map(lambda im: pipeline(dict(img=im))["img"], mesh=mesh,
                         in_specs=P("data", "view", None), out_specs=P("data", None, None, reduced={"view"}))
    return step(img)


if __name__ == "__main__":
    main(*inputs())
