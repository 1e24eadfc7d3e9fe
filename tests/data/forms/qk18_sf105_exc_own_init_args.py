"""the args of a custom exception with its own __init__: the axes a psum reduces over reach the shard_map body through the args of a custom exception with its own __init__."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

class ConfigError(ValueError):
    def __init__(self, key, value):
        super().__init__(key, value)
        self.key = key


def get_axes():
    try:
        raise ConfigError("axes", ("data", "model"))
    except ValueError as e:
        return e.args[1]


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
