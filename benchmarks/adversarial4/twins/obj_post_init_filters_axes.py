"""A loss module whose __post_init__ keeps only the axes its input is split over."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class MeanLoss:
    split_axes: tuple
    reduce_axes: tuple = ("data", "model")

    def __post_init__(self):
        self.reduce_axes = tuple(self.reduce_axes)

    def __call__(self, x):
        return jax.lax.pmean(jnp.mean(x ** 2), self.reduce_axes)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(16, 4),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data")))
    loss = MeanLoss(split_axes=("data",))
    return jax.shard_map(loss, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
