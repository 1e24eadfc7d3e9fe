"""dataclasses.replace copies fields by reference: popping the copy's list pops the original's."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

import dataclasses


@dataclasses.dataclass
class Config:
    sync: list


def main(mesh, x):
    cfg = Config(sync=["i", "j"])
    rows = dataclasses.replace(cfg, sync=list(cfg.sync))
    rows.sync.pop()

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, tuple(cfg.sync))

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
