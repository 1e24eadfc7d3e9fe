"""A legacy helper prints the axis; its output is captured with redirect_stdout."""
import contextlib
import io

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def legacy_report(names):
    print(names[-1])


def captured_axis(names):
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        legacy_report(names)
    return buf.getvalue().strip()


def body(b):
    cols = jax.lax.all_gather(b, "model", axis=1, tiled=True, to="reduced")
    return jax.lax.psum(cols, captured_axis(("data", "model")))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P("data"))
    return jax.jit(f)(x)


if __name__ == "__main__":
    main()
