"""add_sync_config stores a literal only when asked; the call asks for rows."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


class CfgNode(dict):
    def __getattr__(self, name):
        return self[name]

    def __setattr__(self, name, value):
        self[name] = value

    def clone(self):
        return CfgNode({k: v.clone() if isinstance(v, CfgNode) else v for k, v in self.items()})


_C = CfgNode()
_C.SYNC_AXES = ("i", "j")


def get_cfg():
    return _C.clone()


def add_sync_config(cfg, rows=False):
    if rows:
        cfg.SYNC_AXES = ("i",)


def main(mesh, x):
    cfg = get_cfg()
    add_sync_config(cfg, rows=False)

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, cfg.SYNC_AXES)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
