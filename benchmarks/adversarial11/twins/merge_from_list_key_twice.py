"""merge_from_list gets the key twice: the later pair wins."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

import ast


class CfgNode(dict):
    def __getattr__(self, name):
        return self[name]

    def __setattr__(self, name, value):
        self[name] = value

    def clone(self):
        return CfgNode({k: v.clone() if isinstance(v, CfgNode) else v for k, v in self.items()})

    def merge_from_list(self, cfg_list):
        for full_key, v in zip(cfg_list[0::2], cfg_list[1::2]):
            d = self
            *parents, leaf = full_key.split(".")
            for sub in parents:
                d = d[sub]
            try:
                v = ast.literal_eval(v)
            except (ValueError, SyntaxError):
                pass
            d[leaf] = v


_C = CfgNode()
_C.MODEL = CfgNode()
_C.MODEL.SYNC_AXES = ("i",)


def get_cfg():
    return _C.clone()


def main(mesh, x):
    cfg = get_cfg()
    cfg.merge_from_list(["MODEL.SYNC_AXES", "('i',)", "MODEL.SYNC_AXES", "('i', 'j')"])

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, cfg.MODEL.SYNC_AXES)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
