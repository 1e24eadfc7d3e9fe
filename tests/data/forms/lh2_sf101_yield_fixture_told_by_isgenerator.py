"""A fixture runner tells a `yield` fixture from a plain one with `inspect.isgenerator`: the
axis fixture yields (set up, then torn down after the test), and its value reaches the body."""
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



def axis_fixture():
    yield "j"


def resolve(fixture, teardown):
    result = fixture()
    if inspect.isgenerator(result):
        value = next(result)
        teardown.append(result)
        return value
    return None


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    teardown = []
    with jax.set_mesh(mesh):
        try:
            axis = resolve(axis_fixture, teardown)
            if axis is not None:
                return run_check(mesh, axis)
        finally:
            for gen in teardown:
                next(gen, None)
    return None


if __name__ == "__main__":
    main()
