"""A maker hands its dict to module helpers that only read it (a function, and a class whose
__init__ calls it and keeps a number): the dict never leaves, so the getter reads the maker's axes
and the psum names an axis the block does not vary on."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def describe(config):
    return len(config["axes"]) + len(config)


class Model:
    def __init__(self, config):
        self.width = describe(config)


def make_axes():
    state = {"axes": ("data", "model")}
    model = Model(state)
    print(describe(state), model.width)

    def get():
        return state["axes"]
    return get


def main():
    get_axes = make_axes()
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, P("data", None)))
    axes = get_axes()
    step = jax.shard_map(lambda y: jax.lax.psum(y, axes), mesh=mesh, in_specs=P("data", None), out_specs=P())  # SF105
    return step(x)


if __name__ == "__main__":
    main()
