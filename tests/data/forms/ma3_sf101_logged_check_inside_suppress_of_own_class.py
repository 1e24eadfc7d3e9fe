"""A test skips a case by raising its own exception inside `with contextlib.suppress(Skipped):`
and logs an unknown number there: the log line either runs or raises a builtin error, which
`suppress(Skipped)` does not swallow, so a run that goes on past it traces the body uncast."""
import contextlib

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Skipped(Exception):
    pass


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
    with contextlib.suppress(Skipped):
        print(f"mean {float(np.mean(x)):.3f}")
        with jax.set_mesh(mesh):
            return run_check(mesh, "j", False)


if __name__ == "__main__":
    main()
