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


def add_sampling_stats_config(cfg):
    cfg.MODEL.ROI_HEADS.STATS_AXIS = "batch"
    cfg.MODEL.ROI_HEADS.LOG_FG_STATS = True


@ROI_HEADS_REGISTRY.register()
class StandardROIHeads:
    def __init__(self, cfg, mesh):
        self.mesh = mesh
        self.num_classes = cfg.MODEL.ROI_HEADS.NUM_CLASSES
        self.batch_axis, self.roi_axis = cfg.MESH.AXIS_NAMES
        self.stats_axis = cfg.MODEL.ROI_HEADS.STATS_AXIS
        self.log_fg_stats = cfg.MODEL.ROI_HEADS.LOG_FG_STATS

    def _log_sampling_stats(self, gt_classes):
        fg = (gt_classes < self.num_classes).astype(jnp.float32)
        num_fg = jax.lax.psum(fg.sum(axis=1), self.batch_axis)
        fg_per_shard = jax.lax.all_gather(num_fg, self.stats_axis, tiled=True, to="reduced")
        return fg_per_shard

    def losses(self, scores, gt_classes):
        logp = jax.nn.log_softmax(scores, axis=-1)
        nll = -jnp.take_along_axis(logp, gt_classes[..., None], axis=-1)[..., 0]
        losses = {"loss_cls": jax.lax.psum(nll.sum(), (self.batch_axis, self.roi_axis))}
        if self.log_fg_stats:
            losses["fg_per_shard"] = self._log_sampling_stats(gt_classes)
        return losses

    def __call__(self, scores, gt_classes):
        spec = P(self.batch_axis, self.roi_axis)
        out_specs = {"loss_cls": P(), "fg_per_shard": P(reduced={self.stats_axis})}
        return jax.shard_map(self.losses, mesh=self.mesh, in_specs=(spec, spec), out_specs=out_specs)(
            scores, gt_classes)


def inputs():
    rng = np.random.default_rng(0)
    scores = rng.normal(size=(8, 16, 6)).astype(np.float32)
    gt_classes = rng.integers(0, 6, size=(8, 16)).astype(np.int32)
    return scores, gt_classes


def main(scores, gt_classes):
    cfg = get_cfg()
    add_sampling_stats_config(cfg)
    cfg.merge_from_list(["MODEL.ROI_HEADS.STATS_AXIS", "roi", "MODEL.ROI_HEADS.NUM_CLASSES", "5"])
    mesh = build_mesh(cfg)
    sharding = NamedSharding(mesh, P(*cfg.MESH.AXIS_NAMES))
    roi_heads = build_roi_heads(cfg, mesh)
    losses = roi_heads(jax.device_put(scores, sharding), jax.device_put(gt_classes, sharding))
    return {k: float(v.sum()) for k, v in losses.items()}


if __name__ == "__main__":
    print(main(*inputs()))
