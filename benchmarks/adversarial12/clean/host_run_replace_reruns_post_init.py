"""dataclasses.replace builds through __init__, so __post_init__ drops the frozen axes again."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

import dataclasses


@dataclasses.dataclass
class MeshCfg:
    axes: tuple = ("i", "j")
    frozen: tuple = ()

    def __post_init__(self):
        self.axes = tuple(a for a in self.axes if a not in self.frozen)


def apply_overrides(cfg, overrides):
    changes = {}
    for item in overrides:
        key, value = item.split("=")
        changes[key] = tuple(value.split(","))
    return dataclasses.replace(cfg, **changes)


CFG = apply_overrides(MeshCfg(), ["frozen=j"])


def main(mesh, x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, CFG.axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
