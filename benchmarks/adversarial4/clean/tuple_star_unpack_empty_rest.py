"""Data axes are `primary, *extra`; the default config has no extra data axis."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class ParallelConfig:
    data_axes: tuple = ("data",)
    model_axis: str = "model"


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(16, 4),)


def main(x):
    cfg = ParallelConfig()
    primary, *extra = cfg.data_axes
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P(primary)))

    def body(b):
        return jax.lax.psum(jnp.sum(b), (primary, *extra))

    return jax.shard_map(body, mesh=mesh, in_specs=P(primary), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
