"""A rows class derived from `list`: `hasattr(Rows, "__len__")` is True (list gives it), so the
sum runs over 'data' alone, where the value varies. Read as absent (no class of the module
defines the dunder), the sum would be over both axes of a value invariant on 'model', which JAX
rejects: a dunder no module class defines is absent only when no builtin base can give it."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Rows(list):
    pass


def main():
    axes = ("data",) if hasattr(Rows, "__len__") else ("data", "model")
    mesh = jax.make_mesh((4, 2), ("data", "model"))

    def body(x):
        return jax.lax.psum(x, axes)  # none

    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())
    x = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data")))
    return jax.jit(fn)(x)


if __name__ == "__main__":
    main()
