"""The fixture returns an iterator object of its own class, not a generator: `inspect.isgenerator`
is False for it, the runner resolves None and nothing is traced."""
import inspect

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def run_check(mesh, axis):
    def body(x):
        y = jax.lax.psum(x, axis)
        return jax.lax.all_gather(y, axis, axis=1, tiled=True, to="reduced")

    f = jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={axis}))
    return f(jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j"))))



class Once:
    def __iter__(self):
        return self

    def __next__(self):
        return "j"


def axis_fixture():
    return Once()


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
