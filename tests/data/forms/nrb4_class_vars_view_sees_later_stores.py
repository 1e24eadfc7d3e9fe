"""`vars(C)` and `C.__dict__` are live views of the class namespace, not copies: taken before the
class attributes are set, they read the values set after."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class Config:
    axes = ("data", "model")


class Layout:
    axes = ("data", "model")


def get_axes():
    first = vars(Config)
    second = Layout.__dict__
    Config.axes = ("data",)
    Layout.axes = ("data",)
    return first["axes"], second["axes"]


def main():
    a, b = get_axes()
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, P("data", None)))
    step1 = jax.shard_map(lambda y: jax.lax.psum(y, a), mesh=mesh, in_specs=P("data", None), out_specs=P())
    step2 = jax.shard_map(lambda y: jax.lax.psum(y, b), mesh=mesh, in_specs=P("data", None), out_specs=P())
    return step1(x), step2(x)


if __name__ == "__main__":
    main()
