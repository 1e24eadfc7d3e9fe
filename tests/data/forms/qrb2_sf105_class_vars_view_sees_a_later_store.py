"""`vars(C)` taken before the class attribute is set reads the value set after it (the view is
live): the psum then reduces over both axes, and the block varies on 'data' only."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class Config:
    axes = ("data",)


def get_axes():
    namespace = vars(Config)
    Config.axes = ("data", "model")
    return namespace["axes"]


def main():
    axes = get_axes()
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, P("data", None)))
    step = jax.shard_map(lambda y: jax.lax.psum(y, axes), mesh=mesh, in_specs=P("data", None), out_specs=P())  # SF105
    return step(x)


if __name__ == "__main__":
    main()
