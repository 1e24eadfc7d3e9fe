"""A module config dataclass replaced after the first step; the jitted step keeps its first trace."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P

import dataclasses


@dataclasses.dataclass(frozen=True)
class Config:
    axes: tuple = ("i",)


CFG = Config()


@jax.jit
def step(x):
    def body(block):
        return jax.lax.psum(jax.lax.psum(block, "j"), CFG.axes)

    return jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    global MESH, CFG
    MESH = mesh
    out = 0
    CFG = dataclasses.replace(CFG, axes=("i", "j"))
    return out + step(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
