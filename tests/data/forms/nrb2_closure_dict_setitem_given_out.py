"""Makers that give out their dict's bound `__setitem__`: returned as it is, and inside a
functools.partial. Whoever calls them changes the dict the maker's getter reads."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def make_switch():
    state = {"axes": ("data", "model")}

    def get():
        return state["axes"]
    return get, state.__setitem__


def make_setter():
    state = {"axes": ("data", "model")}

    def get():
        return state["axes"]
    return get, functools.partial(state.__setitem__, "axes")


def main():
    first, put = make_switch()
    put("axes", ("data",))
    second, use = make_setter()
    use(("data",))
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, P("data", None)))
    a, b = first(), second()
    step1 = jax.shard_map(lambda y: jax.lax.psum(y, a), mesh=mesh, in_specs=P("data", None), out_specs=P())
    step2 = jax.shard_map(lambda y: jax.lax.psum(y, b), mesh=mesh, in_specs=P("data", None), out_specs=P())
    return step1(x), step2(x)


if __name__ == "__main__":
    main()
