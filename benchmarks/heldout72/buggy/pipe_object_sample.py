"""LiDAR augmentation pipeline: GT-database object sampling, then a range filter on the boxes."""
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


point_cloud_range = [-51.2, -51.2, -5.0, 51.2, 51.2, 3.0]


@TRANSFORMS.register_module()
class ObjectSample:
    def __init__(self, db_sampler, batch_axis):
        self.sample_groups = db_sampler["sample_groups"]
        self.batch_axis = batch_axis

    def __call__(self, results):
        boxes = results["gt_bboxes_3d"]
        results["gt_bboxes_db"] = jax.lax.all_gather(boxes, self.batch_axis, axis=0, tiled=True, to="reduced")
        return results


@TRANSFORMS.register_module()
class ObjectRangeFilter:
    def __init__(self, point_cloud_range, batch_axis, key="gt_bboxes_db"):
        self.bev_range = jnp.asarray(point_cloud_range[:2] + point_cloud_range[3:5], jnp.float32)
        self.batch_axis = batch_axis
        self.key = key

    def __call__(self, results):
        boxes = results[self.key]
        pool = jax.lax.all_gather(boxes, self.batch_axis, axis=1, tiled=True)
        results["gt_bboxes_pool"] = pool
        return results


train_pipeline = [
    dict(type="ObjectSample", db_sampler=dict(sample_groups=dict(Car=15, Pedestrian=10))),
    dict(type="ObjectRangeFilter", point_cloud_range=point_cloud_range),
]


def inputs():
    return (np.random.default_rng(52).uniform(-60, 60, size=(4, 16, 7)).astype(np.float32),)


def main(boxes):
    mesh = jax.make_mesh((2, 4), ("data", "view"))
    boxes = jax.device_put(boxes, NamedSharding(mesh, P("data", "view", None)))
    pipeline = Compose(train_pipeline, default_args=dict(batch_axis="data"))

    def run(boxes):
        return pipeline(dict(gt_bboxes_3d=boxes))["gt_bboxes_pool"]

    step = jax.shard_map(run, mesh=mesh, in_specs=P("data", "view", None),
                         out_specs=P("data", "view", None))
    return step(boxes)


if __name__ == "__main__":
    main(*inputs())
