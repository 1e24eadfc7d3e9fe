"""The export input is placed like another array (x.sharding) whose spec came from the config."""
import dataclasses

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


@dataclasses.dataclass
class Cfg:
    param_spec: P = P("r", "c")
    export_spec: P = P("r", reduced={"c"})


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8), np.ones((8, 8), np.float32))


def main(x, y):
    cfg = Cfg()
    cfg.param_spec = P("c", "r")
    cfg.export_spec = P("c", reduced={"r"})
    mesh = jax.make_mesh((2, 4), ("r", "c"))
    x = jax.device_put(x, NamedSharding(mesh, cfg.param_spec))
    y = jax.device_put(y, x.sharding)
    with jax.set_mesh(mesh):
        return top_level_all_gather(y, cfg.export_spec)


if __name__ == "__main__":
    print(main(*inputs()))
