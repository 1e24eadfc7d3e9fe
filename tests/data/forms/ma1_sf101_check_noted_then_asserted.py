"""A test notes a failed check (`if not ok: print(...)`) and then asserts it: a run that goes on
past the assert saw the check hold, so the body is traced uncast (the run where it failed ends
at the assert and reaches no later line)."""
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
    ok = np.allclose(x * 2.0, x + x)
    if not ok:
        print("mismatch:", x)
    assert ok
    with jax.set_mesh(mesh):
        return run_check(mesh, "j", not ok)


if __name__ == "__main__":
    main()
