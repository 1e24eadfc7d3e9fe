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

_C.MODEL.ROI_HEADS.NAME = "WeightedROIHeads"
_C.MODEL.ROI_HEADS.LOSS_WEIGHTS = {"loss_cls": 1.0, "loss_box_reg": 1.0}


@ROI_HEADS_REGISTRY.register()
class WeightedROIHeads:
    def __init__(self, cfg, mesh):
        self.mesh = mesh
        self.batch_axis, self.roi_axis = cfg.MESH.AXIS_NAMES
        self.loss_weights = dict(cfg.MODEL.ROI_HEADS.LOSS_WEIGHTS)

    def _per_image_box_loss(self, deltas, gt_deltas):
        per_roi = jnp.abs(deltas - gt_deltas).sum(axis=-1) * self.loss_weights["loss_box_reg"]
        per_image = jax.lax.all_gather(per_roi, self.roi_axis, axis=1, tiled=True, to="reduced")
        return per_image.sum(axis=1)

    def losses(self, scores, deltas, gt_deltas):
        losses = {
            "loss_cls": self.loss_weights["loss_cls"]
            * jax.lax.pmean(jax.nn.logsumexp(scores, axis=-1).mean(axis=1), self.roi_axis),
            "loss_box_reg": self._per_image_box_loss(deltas, gt_deltas),
        }
        return losses

    def __call__(self, scores, deltas, gt_deltas):
        spec = P(self.batch_axis, self.roi_axis)
        return jax.shard_map(self.losses, mesh=self.mesh, in_specs=(spec, spec, spec),
                             out_specs={"loss_cls": P(self.batch_axis), "loss_box_reg": P(self.batch_axis, reduced={self.roi_axis})})(
            scores, deltas, gt_deltas)


def inputs():
    rng = np.random.default_rng(5)
    return (rng.normal(size=(8, 16, 6)).astype(np.float32), rng.normal(size=(8, 16, 4)).astype(np.float32),
            rng.normal(size=(8, 16, 4)).astype(np.float32))


def main(scores, deltas, gt_deltas):
    cfg = get_cfg()
    cfg.merge_from_list(["MODEL.ROI_HEADS.LOSS_WEIGHTS", "{'loss_cls': 1.0, 'loss_box_reg': 0.5}"])
    mesh = build_mesh(cfg)
    sharding = NamedSharding(mesh, P("batch", "roi"))
    heads = build_roi_heads(cfg, mesh)
    losses = heads(*(jax.device_put(x, sharding) for x in (scores, deltas, gt_deltas)))
    return sum(float(v.sum()) for v in losses.values())


if __name__ == "__main__":
    print(main(*inputs()))
