import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))

class RingAxes:
    """Old-style sequence: iteration calls __getitem__ until IndexError."""

    names = ("model", "data")

    def __getitem__(self, i):
        if i >= len(self.names):
            raise IndexError(i)
        return self.names[i]


def body(block):
    r = jax.lax.all_gather(block, "model", axis=1, tiled=True, to="reduced")
    for ring in RingAxes():
        pass
    n = 2 if ring == "model" else 4
    return jax.lax.ppermute(r, ring, [(i, (i + 1) % n) for i in range(n)])


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    x = inputs()[0] if x is None else x
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                      out_specs=P("data", None, reduced={"model"}))
    return f(x)


if __name__ == "__main__":
    main()
