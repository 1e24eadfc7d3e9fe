"""a field(init=False) passed to __init__: the axes a psum reduces over reach the shard_map body through a field(init=False) passed to __init__."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from dataclasses import dataclass, field


@dataclass
class C:
    axes: tuple = field(init=False, default=("data",))


def get_axes():
    try:
        return C(axes=("data", "model")).axes
    except TypeError:
        return ("data",)


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
