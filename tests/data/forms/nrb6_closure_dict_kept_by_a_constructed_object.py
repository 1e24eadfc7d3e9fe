"""A maker hands its dict to a class whose __init__ keeps it as a field, and returns the object
beside its getter: the caller changes the dict through the field before the body reads it."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def describe(config):
    return len(config["axes"]) + len(config)


class Model:
    def __init__(self, config):
        self.width = describe(config)
        self.config = config


def make_axes():
    state = {"axes": ("data", "model")}
    model = Model(state)
    print(describe(state), model.width)

    def get():
        return state["axes"]
    return get, model


def main():
    get_axes, model = make_axes()
    model.config["axes"] = ("data",)
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, P("data", None)))
    axes = get_axes()
    step = jax.shard_map(lambda y: jax.lax.psum(y, axes), mesh=mesh, in_specs=P("data", None), out_specs=P())
    return step(x)


if __name__ == "__main__":
    main()
