import ast
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


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
_C.MODEL.PROPOSAL_GENERATOR = CN()
_C.MODEL.PROPOSAL_GENERATOR.NAME = "RPN"
_C.MODEL.ANCHOR_GENERATOR = CN()
_C.MODEL.ANCHOR_GENERATOR.NAME = "DefaultAnchorGenerator"
_C.MODEL.ANCHOR_GENERATOR.SIZES = [[32, 64]]
_C.MODEL.ANCHOR_GENERATOR.ASPECT_RATIOS = [[0.5, 1.0, 2.0]]
_C.MODEL.RPN = CN()
_C.MODEL.RPN.IOU_THRESHOLDS = [0.3, 0.7]
_C.MODEL.RPN.IOU_LABELS = [0, -1, 1]
_C.MODEL.RPN.BATCH_SIZE_PER_IMAGE = 256
_C.MODEL.RPN.POSITIVE_FRACTION = 0.5
_C.MODEL.RPN.BBOX_REG_WEIGHTS = (1.0, 1.0, 1.0, 1.0)
_C.MODEL.RPN.SMOOTH_L1_BETA = 0.0
_C.MESH = CN()
_C.MESH.SHAPE = (2, 4)
_C.MESH.AXIS_NAMES = ("batch", "anchor")


def get_cfg():
    return _C.clone()


ANCHOR_GENERATOR_REGISTRY = Registry("ANCHOR_GENERATOR")
PROPOSAL_GENERATOR_REGISTRY = Registry("PROPOSAL_GENERATOR")


def inputs():
    rng = np.random.default_rng(41)
    objectness = rng.normal(size=(8, 32)).astype(np.float32)
    deltas = rng.normal(size=(8, 32, 4)).astype(np.float32) * 0.1
    iou = rng.uniform(size=(8, 32)).astype(np.float32)
    return objectness, deltas, iou


class AnchorVisualizer:
    """Pulls the anchors of every image shard together so they can be drawn per image."""

    def __init__(self, cfg):
        self.batch_axis, self.anchor_axis = cfg.MESH.AXIS_NAMES

    @property
    def gather_spec(self):
        return P(self.batch_axis, None, reduced={self.anchor_axis})

    def draw(self, anchors):
        rows = top_level_all_gather(anchors, self.gather_spec)
        return np.asarray(rows)


def main(objectness, deltas, iou):
    cfg = get_cfg()
    mesh = jax.make_mesh(tuple(cfg.MESH.SHAPE), tuple(cfg.MESH.AXIS_NAMES))
    flat_anchors = deltas.reshape(-1, 4)
    anchors = jax.device_put(flat_anchors, NamedSharding(mesh, P(tuple(cfg.MESH.AXIS_NAMES), None)))
    with jax.set_mesh(mesh):
        canvas = AnchorVisualizer(cfg).draw(anchors)
    return canvas.shape


if __name__ == "__main__":
    print(main(*inputs()))
