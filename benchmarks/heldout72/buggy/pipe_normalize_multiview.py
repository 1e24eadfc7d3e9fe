"""Multi-view image pipeline: rig-adaptive normalisation, then per-sample statistics for logging."""
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
class NormalizeMultiviewImage:
    def __init__(self, mean, std, rig_axis, to_rgb=True):
        self.mean = jnp.asarray(mean, jnp.float32).mean()
        self.std = jnp.asarray(std, jnp.float32).mean()
        self.rig_axis = rig_axis
        self.to_rgb = to_rgb

    def __call__(self, results):
        img = results["img"]
        num_views = jax.lax.psum(1, self.rig_axis)
        rig_mean = jax.lax.psum(img.mean(axis=(1, 2)), self.rig_axis) / num_views
        results["img"] = (img - self.mean) / self.std
        results["img_norm_cfg"] = dict(rig_mean=rig_mean)
        return results


@TRANSFORMS.register_module()
class CollectImageStats:
    def __init__(self, keys, stats_axis):
        self.keys = keys
        self.stats_axis = stats_axis

    def __call__(self, results):
        for key in self.keys:
            value = results["img_norm_cfg"][key]
            results[f"stats/{key}"] = jax.lax.all_gather(value, self.stats_axis, tiled=True, to="reduced")
        return results


img_norm_cfg = dict(mean=[123.675, 116.28, 103.53], std=[58.395, 57.12, 57.375], to_rgb=True)
train_pipeline = [
    dict(type="NormalizeMultiviewImage", rig_axis="view", **img_norm_cfg),
    dict(type="CollectImageStats", keys=["rig_mean"], stats_axis="view"),
]


def inputs():
    return (np.random.default_rng(50).uniform(0, 255, size=(4, 8, 6)).astype(np.float32),)


def main(img):
    mesh = jax.make_mesh((2, 4), ("data", "view"))
    img = jax.device_put(img, NamedSharding(mesh, P("data", "view", None)))
    pipeline = Compose(train_pipeline)

    def run(img):
        results = pipeline(dict(img=img))
        return results["img"], results["stats/rig_mean"]

    step = jax.shard_map(run, mesh=mesh, in_specs=P("data", "view", None),
                         out_specs=(P("data", "view", None), P("data", reduced={"view"})))
    return step(img)


if __name__ == "__main__":
    main(*inputs())
