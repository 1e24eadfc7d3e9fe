"""An object whose class gives `__class__` (a property naming another class) passes
`isinstance` for that other class: Python asks `obj.__class__` when `type(obj)` does not match.
So the sum runs over 'data' alone, where the value varies. Read by `type(obj)` only, the test
would fail and the sum would be over both axes of a value invariant on 'model', which JAX
rejects."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class DataParallel:
    pass


class Plan:
    @property
    def __class__(self):
        return DataParallel


def axes_of(plan):
    return ("data",) if isinstance(plan, DataParallel) else ("data", "model")


def main():
    axes = axes_of(Plan())
    mesh = jax.make_mesh((4, 2), ("data", "model"))

    def body(x):
        return jax.lax.psum(x, axes)  # none

    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())
    x = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data")))
    return jax.jit(fn)(x)


if __name__ == "__main__":
    main()
