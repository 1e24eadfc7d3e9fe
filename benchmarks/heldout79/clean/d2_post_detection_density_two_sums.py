import ast
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


# Stand-ins for detectron2.config.CfgNode and detectron2.utils.registry.Registry, so the
# script runs without detectron2 installed.
class CfgNode(dict):
    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError as exc:
            raise AttributeError(name) from exc

    def __setattr__(self, name, value):
        self[name] = value

    def clone(self):
        return CfgNode({k: v.clone() if isinstance(v, CfgNode) else v for k, v in self.items()})

    def merge_from_list(self, opts):
        assert len(opts) % 2 == 0, "override list must be KEY VALUE pairs"
        for full_key, raw in zip(opts[0::2], opts[1::2]):
            *parents, leaf = full_key.split(".")
            node = self
            for key in parents:
                node = node[key]
            try:
                value = ast.literal_eval(raw)
            except (ValueError, SyntaxError):
                value = raw
            node[leaf] = value


CN = CfgNode


class Registry:
    def __init__(self, name):
        self._name = name
        self._obj_map = {}

    def register(self, obj=None):
        if obj is None:
            def deco(func_or_class):
                self._obj_map[func_or_class.__name__] = func_or_class
                return func_or_class
            return deco
        self._obj_map[obj.__name__] = obj
        return obj

    def get(self, name):
        if name not in self._obj_map:
            raise KeyError(f"No object named '{name}' found in '{self._name}' registry!")
        return self._obj_map[name]


_C = CN()
_C.MODEL = CN()
_C.MODEL.ROI_HEADS = CN()
_C.MODEL.ROI_HEADS.NUM_CLASSES = 8
_C.MODEL.ROI_HEADS.SCORE_THRESH_TEST = 0.3
_C.MODEL.ROI_HEADS.NMS_THRESH_TEST = 0.5
_C.TEST = CN()
_C.TEST.DETECTIONS_PER_IMAGE = 8
_C.INPUT = CN()
_C.INPUT.MIN_SIZE_TEST = 32
_C.MESH = CN()
_C.MESH.SHAPE = (2, 4)
_C.MESH.AXIS_NAMES = ("image", "cls")


def get_cfg():
    return _C.clone()


class Boxes:
    """(x0, y0, x1, y1) boxes in the last dimension, like detectron2.structures.Boxes."""

    def __init__(self, tensor):
        self.tensor = tensor

    def area(self):
        b = self.tensor
        return (b[..., 2] - b[..., 0]) * (b[..., 3] - b[..., 1])

    def scale(self, scale_x, scale_y):
        self.tensor = self.tensor * jnp.array([scale_x, scale_y, scale_x, scale_y], jnp.float32)

    def clip(self, box_size):
        h, w = box_size
        x0, y0, x1, y1 = (self.tensor[..., i] for i in range(4))
        self.tensor = jnp.stack([jnp.clip(x0, 0, w), jnp.clip(y0, 0, h), jnp.clip(x1, 0, w), jnp.clip(y1, 0, h)], -1)


class Instances:
    def __init__(self, image_size, **kwargs):
        self._image_size = image_size
        self._fields = {}
        for k, v in kwargs.items():
            self.set(k, v)

    @property
    def image_size(self):
        return self._image_size

    def __setattr__(self, name, value):
        if name.startswith("_"):
            super().__setattr__(name, value)
        else:
            self.set(name, value)

    def __getattr__(self, name):
        if name.startswith("_") or name not in self._fields:
            raise AttributeError(f"Cannot find field '{name}' in the given Instances!")
        return self._fields[name]

    def set(self, name, value):
        self._fields[name] = value

    def get(self, name):
        return self._fields[name]

    def get_fields(self):
        return self._fields


def inputs():
    rng = np.random.default_rng(31)
    scores = rng.uniform(size=(8, 16, 8)).astype(np.float32)
    xy = rng.uniform(0, 24, size=(8, 16, 8, 2)).astype(np.float32)
    boxes = np.concatenate([xy, xy + rng.uniform(1, 8, size=(8, 16, 8, 2)).astype(np.float32)], axis=-1)
    return scores, boxes


class DensityMonitor:
    """Detections kept per unit of image area, over the whole batch."""

    def __init__(self, cfg, mesh):
        self.mesh = mesh
        self.axes = tuple(mesh.axis_names)
        self.image_axis, self.cls_axis = self.axes
        self.thresh = cfg.MODEL.ROI_HEADS.SCORE_THRESH_TEST

    def _density(self, scores, image_sizes):
        kept = (scores > self.thresh).sum().astype(jnp.float32)
        area = (image_sizes[:, 0] * image_sizes[:, 1]).sum()
        kept = jax.lax.psum(kept, self.axes)
        # image sizes are the same on every class shard of an image
        area = jax.lax.psum(area, self.image_axis)
        return kept / area

    def __call__(self, scores, image_sizes):
        return jax.shard_map(self._density, mesh=self.mesh,
                             in_specs=(P(self.image_axis, None, self.cls_axis), P(self.image_axis)),
                             out_specs=P())(scores, image_sizes)


def main(scores, boxes):
    cfg = get_cfg()
    mesh = jax.make_mesh(tuple(cfg.MESH.SHAPE), tuple(cfg.MESH.AXIS_NAMES))
    image_sizes = np.full((scores.shape[0], 2), cfg.INPUT.MIN_SIZE_TEST, np.float32)
    scores = jax.device_put(scores, NamedSharding(mesh, P("image", None, "cls")))
    image_sizes = jax.device_put(image_sizes, NamedSharding(mesh, P("image")))
    return float(DensityMonitor(cfg, mesh)(scores, image_sizes))


if __name__ == "__main__":
    print(main(*inputs()))
