"""A config whose two fields hold one list: after `copy.deepcopy`, they still hold one list (the
copy's memo copies it once), so popping from one field shortens the other and the sum runs over
'data' alone, where the value varies. Copied as two lists, the sum would be over both axes of a
value invariant on 'model', which JAX rejects."""
import copy

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Config:
    def __init__(self):
        self.axes = self.reduce_over = ["data", "model"]


def main():
    cfg = copy.deepcopy(Config())
    cfg.axes.pop()
    axes = tuple(cfg.reduce_over)
    mesh = jax.make_mesh((4, 2), ("data", "model"))

    def body(x):
        return jax.lax.psum(x, axes)  # none

    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())
    x = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data")))
    return jax.jit(fn)(x)


if __name__ == "__main__":
    main()
