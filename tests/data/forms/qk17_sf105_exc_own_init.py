"""a custom exception with its own __init__, raised and caught: the axes a psum reduces over reach the shard_map body through a custom exception with its own __init__, raised and caught."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

class AxisError(Exception):
    def __init__(self, axes):
        super().__init__(f"bad axes {axes}")
        self.axes = axes


def check(axes):
    raise AxisError(axes)


def get_axes():
    try:
        check(("data", "model"))
    except AxisError as e:
        return e.axes
    return ()


def reduce_over(axes, spec):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, spec))

    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(x)


def main():
    return reduce_over(get_axes(), P("data"))


if __name__ == "__main__":
    main()
