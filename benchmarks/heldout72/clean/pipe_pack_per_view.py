"""Multi-view pipeline: per-view transforms in a wrapper, then inputs packed for the model."""
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
class MultiViewWrapper:
    def __init__(self, transforms, view_axis, collect_views=True):
        self.transforms = Compose(transforms)
        self.view_axis = view_axis
        self.collect_views = collect_views

    def __call__(self, results):
        results = self.transforms(results)
        if self.collect_views:
            results["img"] = jax.lax.all_gather(results["img"], self.view_axis, axis=1, tiled=True,
                                                to="reduced")
        return results


@TRANSFORMS.register_module()
class ImageScale:
    def __init__(self, scale):
        self.scale = scale

    def __call__(self, results):
        results["img"] = results["img"] * self.scale
        return results


@TRANSFORMS.register_module()
class PackDetInputs:
    def __init__(self, keys, pack_axes):
        self.keys = keys
        self.pack_axes = pack_axes

    def __call__(self, results):
        packed = {}
        for key in self.keys:
            packed[key] = jax.lax.all_gather(results[key], self.pack_axes, axis=0, tiled=True, to="reduced")
        return dict(inputs=packed)


train_pipeline = [
    dict(type="MultiViewWrapper", view_axis="view", collect_views=False,
         transforms=[dict(type="ImageScale", scale=1 / 255.0)]),
    dict(type="PackDetInputs", keys=["gt_depth", "img"], pack_axes=("data", "view")),
]


def inputs():
    rng = np.random.default_rng(51)
    return (rng.uniform(0, 255, size=(4, 8, 6)).astype(np.float32),
            rng.uniform(1, 60, size=(4, 8, 6)).astype(np.float32))


def main(img, gt_depth):
    mesh = jax.make_mesh((2, 4), ("data", "view"))
    spec = P("data", "view", None)
    img = jax.device_put(img, NamedSharding(mesh, spec))
    gt_depth = jax.device_put(gt_depth, NamedSharding(mesh, spec))
    pipeline = Compose(train_pipeline)

    def run(img, gt_depth):
        packed = pipeline(dict(img=img, gt_depth=gt_depth))["inputs"]
        return packed["gt_depth"], packed["img"]

    out = P(None, None, None, reduced={"data", "view"})
    step = jax.shard_map(run, mesh=mesh, in_specs=(spec, spec), out_specs=(out, out))
    return step(img, gt_depth)


if __name__ == "__main__":
    main(*inputs())
