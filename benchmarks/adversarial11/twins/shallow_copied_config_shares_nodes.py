"""get_cfg returns a shallow copy: a change to a nested node of one copy is seen by the next."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

import copy


class CfgNode(dict):
    def __getattr__(self, name):
        return self[name]

    def __setattr__(self, name, value):
        self[name] = value


_C = CfgNode()
_C.MODEL = CfgNode()
_C.MODEL.SYNC_AXES = ("i", "j")


def get_cfg():
    return copy.copy(_C)


def main(mesh, x):
    first = get_cfg()
    first.MODEL = CfgNode(SYNC_AXES=("i",))
    cfg = get_cfg()

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
