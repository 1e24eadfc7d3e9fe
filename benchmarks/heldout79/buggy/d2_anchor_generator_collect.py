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

_C.MODEL.ANCHOR_GENERATOR.COLLECT_AXES = ["batch"]


@ANCHOR_GENERATOR_REGISTRY.register()
class DefaultAnchorGenerator:
    def __init__(self, cfg, mesh):
        self.mesh = mesh
        self.sizes = cfg.MODEL.ANCHOR_GENERATOR.SIZES[0]
        self.aspect_ratios = cfg.MODEL.ANCHOR_GENERATOR.ASPECT_RATIOS[0]
        self.batch_axis, self.anchor_axis = cfg.MESH.AXIS_NAMES
        self.collect_axes = tuple(cfg.MODEL.ANCHOR_GENERATOR.COLLECT_AXES)
        self.cell_anchors = self._generate_cell_anchors()

    def _generate_cell_anchors(self):
        anchors = []
        for size in self.sizes:
            for ratio in self.aspect_ratios:
                w = (size * size / ratio) ** 0.5
                h = ratio * w
                anchors.append([-w / 2.0, -h / 2.0, w / 2.0, h / 2.0])
        return np.asarray(anchors, np.float32)

    def _collect(self, anchors):
        return jax.lax.all_gather(anchors, self.collect_axes, axis=0, tiled=True, to="reduced")

    def _grid_anchors(self, shifts):
        anchors = shifts + jnp.asarray(self.cell_anchors.mean(axis=0))
        image_anchors = jax.lax.all_gather(anchors, self.anchor_axis, axis=1, tiled=True, to="reduced")
        return self._collect(image_anchors)

    def __call__(self, shifts):
        return jax.shard_map(self._grid_anchors, mesh=self.mesh, in_specs=P(self.batch_axis, self.anchor_axis),
                             out_specs=P(reduced={*self.collect_axes, self.anchor_axis}))(shifts)


def build_anchor_generator(cfg, mesh):
    return ANCHOR_GENERATOR_REGISTRY.get(cfg.MODEL.ANCHOR_GENERATOR.NAME)(cfg, mesh)


def main(objectness, deltas, iou):
    cfg = get_cfg()
    cfg.merge_from_list(["MODEL.ANCHOR_GENERATOR.COLLECT_AXES", "['batch', 'anchor']"])
    mesh = jax.make_mesh(tuple(cfg.MESH.SHAPE), tuple(cfg.MESH.AXIS_NAMES))
    shifts = jax.device_put(deltas * 16.0, NamedSharding(mesh, P("batch", "anchor")))
    return build_anchor_generator(cfg, mesh)(shifts).shape


if __name__ == "__main__":
    print(main(*inputs()))
