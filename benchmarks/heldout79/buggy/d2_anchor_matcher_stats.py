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

_C.MODEL.RPN.LOG_AXIS = "anchor"


class Matcher:
    def __init__(self, thresholds, labels, allow_low_quality_matches=False):
        self.thresholds = [-float("inf"), *thresholds, float("inf")]
        self.labels = labels
        self.allow_low_quality_matches = allow_low_quality_matches

    def __call__(self, match_quality, anchor_axis):
        labels = jnp.zeros(match_quality.shape, jnp.int32)
        for label, low, high in zip(self.labels, self.thresholds[:-1], self.thresholds[1:]):
            labels = jnp.where((match_quality >= low) & (match_quality < high), label, labels)
        highest = jax.lax.pmax(match_quality.max(axis=1), anchor_axis)
        if self.allow_low_quality_matches:
            labels = jnp.where(match_quality == highest[:, None], 1, labels)
        return labels, highest


@PROPOSAL_GENERATOR_REGISTRY.register()
class RPN:
    def __init__(self, cfg, mesh):
        self.mesh = mesh
        self.batch_axis, self.anchor_axis = cfg.MESH.AXIS_NAMES
        self.anchor_matcher = Matcher(cfg.MODEL.RPN.IOU_THRESHOLDS, cfg.MODEL.RPN.IOU_LABELS,
                                      allow_low_quality_matches=True)
        self.log_axis = cfg.MODEL.RPN.LOG_AXIS
        self._log = functools.partial(jax.lax.all_gather, axis_name=self.log_axis, axis=-1, tiled=True,
                                      to="reduced")

    def label_and_sample_anchors(self, iou):
        labels, highest = self.anchor_matcher(iou, self.anchor_axis)
        stats = {"num_pos": (labels == 1).sum(axis=1).astype(jnp.float32), "best_iou": highest}
        return labels, jax.tree.map(self._log, stats)

    def __call__(self, iou):
        logged = P(self.batch_axis, reduced={self.log_axis})
        return jax.shard_map(self.label_and_sample_anchors, mesh=self.mesh,
                             in_specs=P(self.batch_axis, self.anchor_axis),
                             out_specs=(P(self.batch_axis, self.anchor_axis), {"num_pos": logged, "best_iou": logged}))(iou)


def main(objectness, deltas, iou):
    cfg = get_cfg()
    mesh = jax.make_mesh(tuple(cfg.MESH.SHAPE), tuple(cfg.MESH.AXIS_NAMES))
    rpn = PROPOSAL_GENERATOR_REGISTRY.get(cfg.MODEL.PROPOSAL_GENERATOR.NAME)(cfg, mesh)
    labels, stats = rpn(jax.device_put(iou, NamedSharding(mesh, P(*cfg.MESH.AXIS_NAMES))))
    return int((np.asarray(labels) == 1).sum()), {k: v.shape for k, v in stats.items()}


if __name__ == "__main__":
    print(main(*inputs()))
