"""A frozen dataclass normalises its axes in __post_init__ with object.__setattr__."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class Sharding:
    batch_axes: str = "data"
    reduce_axes: tuple = ("data", "model")

    def __post_init__(self):
        # reduce over exactly the axes the batch is split on
        object.__setattr__(self, "reduce_axes", tuple(self.batch_axes.split("+")))


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(x):
    sh = Sharding()
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P(sh.batch_axes)))

    def body(b):
        return jax.lax.psum(jnp.sum(b, axis=0), sh.reduce_axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P(sh.batch_axes), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
