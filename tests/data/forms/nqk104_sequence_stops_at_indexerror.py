"""Sequence iteration ending at IndexError, not len: the axes a psum reduces over reach the shard_map body through Sequence iteration ending at IndexError, not len."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from collections.abc import Sequence


class Short(Sequence):
    def __getitem__(self, i):
        if i == 0:
            return "data"
        raise IndexError(i)

    def __len__(self):
        return 5


def get_axes():
    return tuple(Short())


def reduce_over(axes, spec):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, spec))

    def body(block):
        return jax.lax.psum(block, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(x)


def main():
    return reduce_over(get_axes(), P("data"))


if __name__ == "__main__":
    main()
