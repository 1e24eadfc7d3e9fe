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


class RPNStats:
    """The numbers RPN.losses puts in the event storage, averaged over every worker."""

    def __init__(self, cfg, mesh):
        self.mesh = mesh
        self.axes = tuple(mesh.axis_names)
        self.batch_axis, self.anchor_axis = self.axes
        self.fg_thresh = cfg.MODEL.RPN.IOU_THRESHOLDS[1]

    def _stats(self, iou, gt_boxes):
        num_pos = (iou >= self.fg_thresh).sum().astype(jnp.float32)
        num_gt = (gt_boxes[..., 2] > gt_boxes[..., 0]).sum().astype(jnp.float32)
        return {
            "rpn/num_pos_anchors": jax.lax.pmean(num_pos, self.axes),
            "rpn/num_gt_boxes": jax.lax.pmean(num_gt, self.axes),
        }

    def __call__(self, iou, gt_boxes):
        return jax.shard_map(self._stats, mesh=self.mesh,
                             in_specs=(P(self.batch_axis, self.anchor_axis), P(self.batch_axis)),
                             out_specs={"rpn/num_pos_anchors": P(), "rpn/num_gt_boxes": P()})(iou, gt_boxes)


def main(objectness, deltas, iou):
    cfg = get_cfg()
    mesh = jax.make_mesh(tuple(cfg.MESH.SHAPE), tuple(cfg.MESH.AXIS_NAMES))
    gt_boxes = np.tile(np.array([[0.0, 0.0, 8.0, 8.0], [4.0, 4.0, 4.0, 12.0], [2.0, 1.0, 9.0, 5.0]], np.float32), (8, 1, 1))
    stats = RPNStats(cfg, mesh)(jax.device_put(iou, NamedSharding(mesh, P("batch", "anchor"))),
                                jax.device_put(gt_boxes, NamedSharding(mesh, P("batch"))))
    return {k: float(v) for k, v in stats.items()}


if __name__ == "__main__":
    print(main(*inputs()))
