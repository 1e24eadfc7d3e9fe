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

_C.MODEL.ROI_HEADS.NAME = "CascadeLiteROIHeads"


def all_reduce_sum(x, axes):
    # detectron2.utils.comm.all_reduce, in shard_map terms
    return jax.lax.psum(x, axes)


def smooth_l1_loss(x, target, beta):
    diff = jnp.abs(x - target)
    if beta < 1e-5:
        return diff
    return jnp.where(diff < beta, 0.5 * diff ** 2 / beta, diff - 0.5 * beta)


@ROI_HEADS_REGISTRY.register()
class CascadeLiteROIHeads:
    def __init__(self, cfg, mesh):
        self.mesh = mesh
        self.num_classes = cfg.MODEL.ROI_HEADS.NUM_CLASSES
        self.batch_axis, self.roi_axis = cfg.MESH.AXIS_NAMES
        self.all_axes = tuple(cfg.MESH.AXIS_NAMES)
        self.beta = cfg.MODEL.ROI_BOX_HEAD.SMOOTH_L1_BETA
        self.weight = cfg.MODEL.ROI_BOX_HEAD.BBOX_REG_LOSS_WEIGHT

    def box_reg_loss(self, deltas, gt_deltas, gt_classes):
        fg = (gt_classes < self.num_classes).astype(jnp.float32)
        per_roi = smooth_l1_loss(deltas, gt_deltas, self.beta).sum(axis=-1)
        loss = all_reduce_sum((per_roi * fg[:, : per_roi.shape[1]]).sum(), self.all_axes)
        num_fg = all_reduce_sum(fg.sum(), self.all_axes)
        return {"loss_box_reg": self.weight * loss / jnp.maximum(num_fg, 1.0)}

    def __call__(self, deltas, gt_deltas, gt_classes):
        roi_spec = P(self.batch_axis, self.roi_axis)
        # gt classes are per image and small: every ROI shard keeps the whole row
        image_spec = P(self.batch_axis)
        return jax.shard_map(self.box_reg_loss, mesh=self.mesh, in_specs=(roi_spec, roi_spec, image_spec),
                             out_specs={"loss_box_reg": P()})(deltas, gt_deltas, gt_classes)


def inputs():
    rng = np.random.default_rng(4)
    deltas = rng.normal(size=(8, 16, 4)).astype(np.float32)
    gt_deltas = rng.normal(size=(8, 16, 4)).astype(np.float32)
    gt_classes = rng.integers(0, 6, size=(8, 16)).astype(np.int32)
    return deltas, gt_deltas, gt_classes


def main(deltas, gt_deltas, gt_classes):
    cfg = get_cfg()
    cfg.merge_from_list(["MODEL.ROI_BOX_HEAD.BBOX_REG_LOSS_WEIGHT", "2.0"])
    mesh = build_mesh(cfg)
    put = lambda x, spec: jax.device_put(x, NamedSharding(mesh, spec))
    heads = build_roi_heads(cfg, mesh)
    losses = heads(put(deltas, P("batch", "roi")), put(gt_deltas, P("batch", "roi")), put(gt_classes, P("batch")))
    return {k: float(v) for k, v in losses.items()}


if __name__ == "__main__":
    print(main(*inputs()))
