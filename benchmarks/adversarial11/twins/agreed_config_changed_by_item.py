"""Every runner keeps a config from get_cfg(); main changes its item by subscript before building the runner."""
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
_C.MESH = CfgNode()
_C.MESH.REDUCE_AXES = ("i", "j")


def get_cfg():
    return _C.clone()


class Runner:
    def __init__(self, cfg, mesh):
        self.cfg = cfg
        self.mesh = mesh

    def step(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.cfg.MESH.REDUCE_AXES)

    def run(self, x):
        return jax.shard_map(self.step, mesh=self.mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    cfg = get_cfg()
    get_cfg()["MESH"]["REDUCE_AXES"] = ("i",)
    return Runner(cfg, mesh).run(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
