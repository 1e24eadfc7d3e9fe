"""A probe whose handler hands the exception back is followed both ways, but the run made to raise
there does not know which exception the call raises: `x.reshape(3, 5)` raises a TypeError, which
the caller tests to take the rows-only axes, and `jax.devices("gpu")` raises an error whose text
names the GPU, which the other caller tests. The wide reduce over ("i", "j") is never reached
(a stand-in ValueError or RuntimeError with another text would take it: no finding rests on it)."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def attempt(command, *args):
    try:
        command(*args)
    except (TypeError, ValueError) as exc:
        return exc
    return None


def probe_gpu():
    try:
        jax.devices("gpu")
    except Exception as exc:
        return exc
    return None


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)  # none

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def reshaped(x):
    return x.reshape(3, 5)


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    err = attempt(reshaped, x)
    first = reduce_rows(mesh, x, ("i",) if isinstance(err, TypeError) else ("i", "j"))
    err = probe_gpu()
    second = reduce_rows(mesh, x, ("i",) if "gpu" in str(err).lower() else ("i", "j"))
    return first, second


if __name__ == "__main__":
    main()
