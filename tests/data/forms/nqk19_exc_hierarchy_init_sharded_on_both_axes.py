"""a subclass of a custom exception with __init__, caught as the base: the axes a psum reduces over reach the shard_map body through a subclass of a custom exception with __init__, caught as the base."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

class ShardError(Exception):
    def __init__(self, msg, axes=()):
        super().__init__(msg)
        self.axes = tuple(axes)


class MeshError(ShardError):
    pass


def get_axes():
    try:
        raise MeshError("no mesh", axes=["data", "model"])
    except ShardError as err:
        return err.axes


def reduce_over(axes, spec):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, spec))

    def body(block):
        return jax.lax.psum(block, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(x)


def main():
    return reduce_over(get_axes(), P("data", "model"))


if __name__ == "__main__":
    main()
