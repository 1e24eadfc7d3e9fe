"""A `(str, Enum)` class that defines its own `__hash__` (by the member's name): a member no
longer finds its value's entry in a dict keyed by strs, so `GATHER_AXIS.get(Axis.DATA, "model")`
misses and the body gathers over 'model', where the value varies. Read as the plain str "data",
the member would pick 'data', where the psum result is invariant, which JAX rejects; the analysis
must not be certain of either."""
import enum

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Axis(str, enum.Enum):
    DATA = "data"
    MODEL = "model"

    def __hash__(self):
        return hash(self.name)


GATHER_AXIS = {"data": "data"}


def body(x):
    axis = GATHER_AXIS.get(Axis.DATA, "model")
    total = jax.lax.psum(x, "data")
    return jax.lax.all_gather(total, axis, axis=0, tiled=True, to="reduced")  # none


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data", "model")))
    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P(None, None, reduced={"model"}))
    return jax.jit(fn)(x)


if __name__ == "__main__":
    main()
