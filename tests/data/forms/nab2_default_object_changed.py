"""A default config object whose field the entry point changes before the body reads it: the
default's value is not the one the body sees."""
from dataclasses import dataclass

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class Config:
    gather_axis: str = "i"


def inputs():
    return (np.ones((8, 8), np.float32),)


def main(x, cfg=Config()):
    cfg.gather_axis = "j"
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(x, NamedSharding(mesh, P("i", "j")))

    def body(v):
        total = jax.lax.psum(v, "i")
        return jax.lax.all_gather(total, cfg.gather_axis, axis=1, tiled=True, to="reduced")  # none: cfg.gather_axis is 'j' here

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"j"}))(x)


if __name__ == "__main__":
    print(main(*inputs()))
