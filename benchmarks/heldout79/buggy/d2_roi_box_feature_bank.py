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

_C.MODEL.ROI_BOX_HEAD.FC_DIM = 8
_C.MODEL.ROI_BOX_HEAD.BANK_AXES = ("batch", "roi")


@ROI_BOX_HEAD_REGISTRY.register()
class FastRCNNConvFCHead:
    """Box head that also keeps a feature bank of every ROI on every device (for the contrastive term)."""

    def __init__(self, cfg, mesh):
        self.mesh = mesh
        self.batch_axis, self.roi_axis = cfg.MESH.AXIS_NAMES
        self.bank_axes = tuple(cfg.MODEL.ROI_BOX_HEAD.BANK_AXES)
        self.fc_dim = cfg.MODEL.ROI_BOX_HEAD.FC_DIM

    def _pool_rois(self, x):
        # every image sees the full set of its ROIs before pooling
        return jax.lax.all_gather(x, self.roi_axis, axis=1, tiled=True, to="reduced")

    def _gather_bank(self, feats):
        return jax.lax.all_gather(feats, self.bank_axes, axis=0, tiled=True, to="reduced")

    def forward(self, box_features):
        pooled = self._pool_rois(box_features)[..., : self.fc_dim]
        bank = self._gather_bank(pooled)
        return bank

    def __call__(self, box_features):
        return jax.shard_map(
            self.forward, mesh=self.mesh, in_specs=P(self.batch_axis, self.roi_axis),
            out_specs=P(reduced=set(self.bank_axes)))(box_features)


def build_box_head(cfg, mesh):
    return ROI_BOX_HEAD_REGISTRY.get(cfg.MODEL.ROI_BOX_HEAD.NAME)(cfg, mesh)


def inputs():
    rng = np.random.default_rng(1)
    return (rng.normal(size=(8, 16, 12)).astype(np.float32),)


def main(box_features):
    cfg = get_cfg()
    mesh = build_mesh(cfg)
    head = build_box_head(cfg, mesh)
    box_features = jax.device_put(box_features, NamedSharding(mesh, P(*cfg.MESH.AXIS_NAMES)))
    bank = head(box_features)
    return bank.shape


if __name__ == "__main__":
    print(main(*inputs()))
