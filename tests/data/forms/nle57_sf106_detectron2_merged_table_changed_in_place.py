"""le45 with the merged table changed in place before the head is built: its `to` is not the
merged one."""
import ast

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

_C = CN()
_C.MODEL = CN()
_C.MODEL.AXIS = "i"


def get_cfg():
    return _C.clone()


class Head:
    def __init__(self, cfg):
        self.axis = cfg.MODEL.AXIS
        self.gather = dict(cfg.MODEL.GATHER)

    def __call__(self, x):
        h = jax.lax.all_gather(x, self.axis, axis=1, tiled=True, to=self.gather["to"])
        return h.mean(axis=-1, keepdims=True)


_C.MODEL.GATHER = {"to": "invarying"}


def add_export_config(cfg):
    cfg.MODEL.AXIS = "j"


def main(mesh, x):
    cfg = get_cfg()
    add_export_config(cfg)
    cfg.merge_from_list(["MODEL.GATHER", "{'to': 'reduced', 'tiled': True}"])
    cfg.MODEL.GATHER["to"] = "varying"
    return jax.shard_map(Head(cfg), mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
