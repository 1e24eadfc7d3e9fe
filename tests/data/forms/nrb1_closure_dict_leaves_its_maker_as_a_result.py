"""Makers whose dict (or list) leaves them as a result beside the getter they make: returned
itself, nested in a returned dict, returned by a second function they make, or inside the dict
`locals()` gives. The caller
changes it before the bodies read it through the getter, so each getter reads the caller's
value, not the maker's."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def make_returned():
    state = {"axes": ("data", "model")}

    def get():
        return state["axes"]
    return get, state


def make_nested():
    state = {"axes": ("data", "model")}

    def get():
        return state["axes"]
    return get, {"settings": state}


def make_exposed():
    state = {"axes": ("data", "model")}

    def get():
        return state["axes"]

    def current():
        return state
    return get, current


def make_listed():
    names = ["data", "model"]

    def get():
        return tuple(names)
    return get, names


def make_scoped():
    state = {"axes": ("data", "model")}

    def get():
        return state["axes"]
    return get, locals()


def main():
    first, settings = make_returned()
    settings["axes"] = ("data",)
    second, extra = make_nested()
    extra["settings"]["axes"] = ("data",)
    third, current = make_exposed()
    current()["axes"] = ("data",)
    fourth, names = make_listed()
    names.remove("model")
    fifth, scope = make_scoped()
    scope["state"]["axes"] = ("data",)
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, P("data", None)))
    a, b, c, d, e = first(), second(), third(), fourth(), fifth()
    step1 = jax.shard_map(lambda y: jax.lax.psum(y, a), mesh=mesh, in_specs=P("data", None), out_specs=P())
    step2 = jax.shard_map(lambda y: jax.lax.psum(y, b), mesh=mesh, in_specs=P("data", None), out_specs=P())
    step3 = jax.shard_map(lambda y: jax.lax.psum(y, c), mesh=mesh, in_specs=P("data", None), out_specs=P())
    step4 = jax.shard_map(lambda y: jax.lax.psum(y, d), mesh=mesh, in_specs=P("data", None), out_specs=P())
    step5 = jax.shard_map(lambda y: jax.lax.psum(y, e), mesh=mesh, in_specs=P("data", None), out_specs=P())
    return step1(x), step2(x), step3(x), step4(x), step5(x)


if __name__ == "__main__":
    main()
