"""AttributeError's own `name=` keyword: the axes a psum reduces over reach the shard_map body through an AttributeError subclass handing `name=` to its base."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

class MissingAxis(AttributeError):
    def __init__(self, axis):
        super().__init__(f"no axis {axis}", name=axis)


def get_axes():
    try:
        raise MissingAxis("model")
    except MissingAxis as err:
        return ("data", "model") if isinstance(err, AttributeError) else ("data",)
    except TypeError:
        return ("data",)


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
