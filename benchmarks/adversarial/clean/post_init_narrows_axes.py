"""A dataclass config whose __post_init__ drops the axes of size 1 from the reduction."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class MeshConfig:
    shape: tuple = (8, 1)
    names: tuple = ("data", "model")
    reduce_axes: tuple = ("data", "model")

    def __post_init__(self):
        self.reduce_axes = tuple(n for n, s in zip(self.names, self.shape) if s > 1 and n in self.reduce_axes)


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(x):
    cfg = MeshConfig()
    mesh = jax.make_mesh(cfg.shape, cfg.names)
    x = jax.device_put(x, NamedSharding(mesh, P("data")))

    def body(b):
        return jax.lax.psum(jnp.sum(b, axis=0), cfg.reduce_axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
