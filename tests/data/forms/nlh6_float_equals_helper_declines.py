"""The helper's `__eq__` answers NotImplemented: both sides decline, `==` is identity (False),
the assert fails into the handler and the body is traced cast."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def run_check(mesh, axis, cast):
    def body(x):
        y = jax.lax.psum(x, axis)
        if cast:
            y = jax.lax.pcast(y, axis, to="varying")
        return jax.lax.all_gather(y, axis, axis=1, tiled=True, to="reduced")

    f = jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={axis}))
    return f(jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j"))))



class Approx:
    __array_ufunc__ = None

    def __init__(self, expected):
        self.expected = expected

    def __eq__(self, actual):
        return NotImplemented


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    rng = np.random.default_rng(0)
    x = rng.standard_normal(4)
    same = float(np.mean(x)) == Approx(np.mean(x))
    try:
        assert same
        cast = False
    except AssertionError:
        cast = True
    with jax.set_mesh(mesh):
        return run_check(mesh, "j", cast)


if __name__ == "__main__":
    main()
