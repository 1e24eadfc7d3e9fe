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
_C.MODEL.BACKBONE = CN()
_C.MODEL.BACKBONE.OUT_CHANNELS = 32
_C.MODEL.ROI_HEADS = CN()
_C.MODEL.ROI_HEADS.NUM_CLASSES = 5
_C.MESH = CN()
_C.MESH.SHAPE = (2, 4)
_C.MESH.AXIS_NAMES = ("batch", "channel")


def get_cfg():
    return _C.clone()


def configurable(init_func):
    """detectron2.config.configurable: `Cls(cfg, mesh)` goes through `Cls.from_config`."""

    @functools.wraps(init_func)
    def wrapped(self, *args, **kwargs):
        if args and isinstance(args[0], CfgNode):
            return init_func(self, **type(self).from_config(*args, **kwargs))
        return init_func(self, *args, **kwargs)

    return wrapped


META_ARCH_REGISTRY = Registry("META_ARCH")


def build_model(cfg, mesh):
    return META_ARCH_REGISTRY.get(cfg.MODEL.META_ARCHITECTURE)(cfg, mesh)


def inputs():
    rng = np.random.default_rng(21)
    images = rng.normal(size=(8, 16)).astype(np.float32)
    gt_classes = rng.integers(0, 6, size=(8,)).astype(np.int32)
    backbone = rng.normal(size=(16, 32)).astype(np.float32) * 0.2
    cls_score = rng.normal(size=(32, 6)).astype(np.float32) * 0.2
    return images, gt_classes, backbone, cls_score

_C.MODEL.META_ARCHITECTURE = "ProposalNetwork"
_C.MODEL.PROPOSAL_GENERATOR = CN()
_C.MODEL.PROPOSAL_GENERATOR.NAME = "RPN"

PROPOSAL_GENERATOR_REGISTRY = Registry("PROPOSAL_GENERATOR")


@PROPOSAL_GENERATOR_REGISTRY.register()
class RPN:
    def __init__(self, cfg, channel_axis):
        self.channel_axis = channel_axis

    def __call__(self, features):
        objectness = jax.nn.sigmoid(features)
        # every anchor of an image is scored against all of that image's anchors
        return jax.lax.all_gather(objectness, self.channel_axis, axis=1, tiled=True, to="reduced")


@META_ARCH_REGISTRY.register()
class ProposalNetwork:
    def __init__(self, cfg, mesh):
        self.mesh = mesh
        self.batch_axis, self.channel_axis = cfg.MESH.AXIS_NAMES
        self.proposal_generator = PROPOSAL_GENERATOR_REGISTRY.get(cfg.MODEL.PROPOSAL_GENERATOR.NAME)(
            cfg, self.channel_axis)

    def forward(self, params, batched_inputs):
        feats = batched_inputs["image"] @ params["backbone"]
        scores = self.proposal_generator(feats)
        # each channel shard keeps the anchors it owns
        return {"proposals": jax.lax.psum_scatter(scores, self.channel_axis, scatter_dimension=1, tiled=True)}

    def __call__(self, params, batched_inputs):
        param_specs = {"backbone": P(None, self.channel_axis), "cls_score": P(self.channel_axis, None)}
        input_specs = {"image": P(self.batch_axis), "gt_classes": P(self.batch_axis)}
        return jax.shard_map(self.forward, mesh=self.mesh, in_specs=(param_specs, input_specs),
                             out_specs={"proposals": P(self.batch_axis, self.channel_axis)})(params, batched_inputs)


def main(images, gt_classes, backbone, cls_score):
    cfg = get_cfg()
    mesh = jax.make_mesh(tuple(cfg.MESH.SHAPE), tuple(cfg.MESH.AXIS_NAMES))
    batch, channel = cfg.MESH.AXIS_NAMES
    model = build_model(cfg, mesh)
    params = {
        "backbone": jax.device_put(backbone, NamedSharding(mesh, P(None, channel))),
        "cls_score": jax.device_put(cls_score, NamedSharding(mesh, P(channel, None))),
    }
    batched_inputs = {
        "image": jax.device_put(images, NamedSharding(mesh, P(batch))),
        "gt_classes": jax.device_put(gt_classes, NamedSharding(mesh, P(batch))),
    }
    outputs = model(params, batched_inputs)
    return {k: np.asarray(v).tolist() for k, v in outputs.items()}


if __name__ == "__main__":
    print(main(*inputs()))
