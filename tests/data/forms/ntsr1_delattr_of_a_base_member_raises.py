"""`delattr(cls, name)` on a class that only inherits `name` raises AttributeError (only the
class's own namespace is searched): the handler picks the axes the psum is given, so the base's
tuple stays and the program reduces over the right axes."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class Base:
    axes = ("data",)


class Child(Base):
    pass


def pick_axes():
    try:
        delattr(Child, "axes")
    except AttributeError:
        return Child.axes
    return ("data", "model")


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, P("data")))
    axes = pick_axes()

    def body(block):
        return jax.lax.psum(block, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    main()
