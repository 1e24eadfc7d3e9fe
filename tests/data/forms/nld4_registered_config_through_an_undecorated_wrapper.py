import dataclasses

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Cfg:
    lr: object
    axis: str = dataclasses.field(default="model", metadata=dict(static=False))  # (a leaf: jit rejects a str)


@jax.jit
def step(cfg, x):
    def body(b):
        total = jax.lax.psum(b * cfg.lr, cfg.axis)
        return jax.lax.all_gather(total, cfg.axis, tiled=True, to="reduced")

    return jax.shard_map(body, in_specs=P("data", "model"), out_specs=P("data", reduced={"model"}))(x)


def run(cfg, x):
    return step(cfg, x)


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    with jax.set_mesh(mesh):
        x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", "model")))
        return run(Cfg(lr=np.float32(0.5)), x)


if __name__ == "__main__":
    main()
