"""A test asserts a check and runs the body inside `try: ... finally:`, whose final block defines a
helper (under an `if`) that returns its summary: the helper's `return` is its own, so the final block never
swallows the assert's failure, and a run that goes on past the assert traces the body uncast."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def run_check(mesh, axis, cast):
    def body(x):
        y = jax.lax.psum(x, axis)
        if cast:
            y = jax.lax.pcast(y, axis, to="varying")
        return jax.lax.all_gather(y, axis, axis=1, tiled=True, to="reduced")  # SF101

    f = jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={axis}))
    return f(jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j"))))


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    rng = np.random.default_rng(0)
    x = rng.standard_normal(4)
    try:
        assert np.allclose(x * 2.0, x + x)
        with jax.set_mesh(mesh):
            return run_check(mesh, "j", False)
    finally:
        if x.size:
            def summary():
                return f"checked {x.shape}"

            print(summary())


if __name__ == "__main__":
    main()
