"""A dataclass config built from a dict of overrides with **."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class TrainConfig:
    reduce_axes: tuple = ("data", "model")
    batch_axes: tuple = ("data", "model")


OVERRIDES = {"reduce_axes": ("data",), "batch_axes": ("data",)}


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(x):
    cfg = TrainConfig(**OVERRIDES)
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    spec = P(cfg.batch_axes)
    x = jax.device_put(x, NamedSharding(mesh, spec))

    def body(b):
        return jax.lax.psum(jnp.sum(b, axis=0), cfg.reduce_axes)

    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
