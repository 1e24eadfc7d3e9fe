"""Fixtures registered by a decorator factory, one with `scope="session"` and one bare (its
scope the default "function"): the registry reads the scope, and the session fixture gives the
axis the body gathers over."""
import inspect

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def run_check(mesh, axis):
    def body(x):
        y = jax.lax.psum(x, axis)
        return jax.lax.all_gather(y, axis, axis=1, tiled=True, to="reduced")  # SF101

    f = jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={axis}))
    return f(jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j"))))



REGISTRY = {}


def fixture(func=None, *, scope="function"):
    def register(f):
        REGISTRY[f.__name__] = (f, scope)
        return f
    return register(func) if func is not None else register


@fixture(scope="session")
def axis():
    return "j"


@fixture
def rows():
    return "i"


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    with jax.set_mesh(mesh):
        func, scope = REGISTRY["axis"]
        if scope == "session":
            return run_check(mesh, func())
    return None


if __name__ == "__main__":
    main()
