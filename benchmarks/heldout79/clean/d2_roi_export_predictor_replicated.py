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
_C.MODEL.META_ARCHITECTURE = "GeneralizedRCNN"
_C.MODEL.ROI_HEADS = CN()
_C.MODEL.ROI_HEADS.NAME = "StandardROIHeads"
_C.MODEL.ROI_HEADS.NUM_CLASSES = 5
_C.MODEL.ROI_HEADS.BATCH_SIZE_PER_IMAGE = 16
_C.MODEL.ROI_BOX_HEAD = CN()
_C.MODEL.ROI_BOX_HEAD.NAME = "FastRCNNConvFCHead"
_C.MODEL.ROI_BOX_HEAD.SMOOTH_L1_BETA = 0.0
_C.MODEL.ROI_BOX_HEAD.BBOX_REG_LOSS_WEIGHT = 1.0
_C.MESH = CN()
_C.MESH.SHAPE = (2, 4)
_C.MESH.AXIS_NAMES = ("batch", "roi")


def get_cfg():
    return _C.clone()


def build_mesh(cfg):
    return jax.make_mesh(tuple(cfg.MESH.SHAPE), tuple(cfg.MESH.AXIS_NAMES))


ROI_HEADS_REGISTRY = Registry("ROI_HEADS")
ROI_BOX_HEAD_REGISTRY = Registry("ROI_BOX_HEAD")


def build_roi_heads(cfg, mesh):
    return ROI_HEADS_REGISTRY.get(cfg.MODEL.ROI_HEADS.NAME)(cfg, mesh)

_C.EXPORT = CN()
_C.EXPORT.CLS_SCORE_LAYOUT = (None, None)
_C.EXPORT.GATHERED_AXES = ("batch", "roi")
_C.TRAIN_LAYOUT = CN()
_C.TRAIN_LAYOUT.CLS_SCORE = (("batch", "roi"), None)


def spec_from_layout(layout, reduced=()):
    return P(*[tuple(a) if isinstance(a, list) else a for a in layout], reduced=set(reduced))


def consolidate_for_export(weight, cfg):
    """Lay the FastRCNNOutputLayers cls_score weight out as the serving runtime reads it."""
    export_spec = spec_from_layout(cfg.EXPORT.CLS_SCORE_LAYOUT, cfg.EXPORT.GATHERED_AXES)
    return top_level_all_gather(weight, export_spec)


def inputs():
    rng = np.random.default_rng(3)
    return (rng.normal(size=(16, 6)).astype(np.float32),)


def main(cls_score_weight):
    cfg = get_cfg()
    mesh = build_mesh(cfg)
    train_sharding = NamedSharding(mesh, spec_from_layout(cfg.TRAIN_LAYOUT.CLS_SCORE))
    weight = jax.device_put(cls_score_weight, train_sharding)
    with jax.set_mesh(mesh):
        exported = consolidate_for_export(weight, cfg)
    return np.asarray(exported).sum()


if __name__ == "__main__":
    print(main(*inputs()))
