"""Makers that store their dict elsewhere before returning only the getter: in a module table,
in a field of an object, and appended to a module list. The caller changes it through that
place before the bodies read it through the getter."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

REGISTRY = {}
ALL_STATES = []


class Holder:
    state = None


HOLDER = Holder()


def make_registered(name):
    state = {"axes": ("data", "model")}
    REGISTRY[name] = state

    def get():
        return state["axes"]
    return get


def make_held():
    state = {"axes": ("data", "model")}
    HOLDER.state = state

    def get():
        return state["axes"]
    return get


def make_listed():
    state = {"axes": ("data", "model")}
    ALL_STATES.append(state)

    def get():
        return state["axes"]
    return get


def main():
    first = make_registered("first")
    REGISTRY["first"]["axes"] = ("data",)
    second = make_held()
    HOLDER.state["axes"] = ("data",)
    third = make_listed()
    ALL_STATES[-1]["axes"] = ("data",)
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, P("data", None)))
    a, b, c = first(), second(), third()
    step1 = jax.shard_map(lambda y: jax.lax.psum(y, a), mesh=mesh, in_specs=P("data", None), out_specs=P())
    step2 = jax.shard_map(lambda y: jax.lax.psum(y, b), mesh=mesh, in_specs=P("data", None), out_specs=P())
    step3 = jax.shard_map(lambda y: jax.lax.psum(y, c), mesh=mesh, in_specs=P("data", None), out_specs=P())
    return step1(x), step2(x), step3(x)


if __name__ == "__main__":
    main()
