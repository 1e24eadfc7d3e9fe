"""A test notes a failed check and then asserts it: past the assert the check held, and the body
is traced cast (clean); the uncast trace is made only where the check failed, before the assert
(whether it is reached depends on the numbers: here they agree, and it is not)."""
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


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    rng = np.random.default_rng(0)
    x = rng.standard_normal(4)
    ok = np.allclose(x * 2.0, x + x)
    with jax.set_mesh(mesh):
        if not ok:
            run_check(mesh, "j", False)  # none
        assert ok
        return run_check(mesh, "j", ok)  # none


if __name__ == "__main__":
    main()
