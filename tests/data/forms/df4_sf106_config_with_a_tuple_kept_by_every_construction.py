"""Detectron2-style runner: `Runner(get_cfg(), mesh)` keeps the config, whose nodes hold a tuple
(`_C.MESH.SHAPE = (2, 4)`), and its method builds the head from `self.cfg`; every construction
hands the runner the same config, tuple included, so the head's axis is known."""
import jax
from jax.sharding import PartitionSpec as P


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
        for full_key, value in zip(opts[0::2], opts[1::2]):
            *parents, leaf = full_key.split(".")
            node = self
            for key in parents:
                node = node[key]
            node[leaf] = value


CN = CfgNode

_C = CN()
_C.MESH = CN()
_C.MESH.SHAPE = (2, 4)
_C.MODEL = CN()
_C.MODEL.AXIS = "j"
_C.MODEL.GATHER = ["reduced"]


def get_cfg():
    return _C.clone()


class Head:
    def __init__(self, cfg):
        self.axis = cfg.MODEL.AXIS
        self.to = cfg.MODEL.GATHER[-1]

    def __call__(self, x):
        h = jax.lax.all_gather(x, self.axis, axis=1, tiled=True, to=self.to)
        return h.mean(axis=-1, keepdims=True)  # SF106


class Runner:
    def __init__(self, cfg, mesh):
        self.cfg = cfg
        self.mesh = mesh

    def run(self, x):
        return jax.shard_map(Head(self.cfg), mesh=self.mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)


def main(mesh, x):
    return Runner(get_cfg(), mesh).run(x)
