"""The config handed to main reduces over one axis, the one the batch is split on."""
import dataclasses
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class Cfg:
    reduce_axes: tuple


def inputs():
    return (Cfg(reduce_axes=("data",)), np.arange(128, dtype=np.float32).reshape(8, 16))


def main(cfg, x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))

    def body(block):
        return jax.lax.psum(block.sum(axis=0), cfg.reduce_axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
