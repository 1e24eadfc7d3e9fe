import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))

class AxisCycle:
    def __init__(self, names, start):
        self.names = names
        self.i = start

    def __iter__(self):
        return self

    def __next__(self):
        name = self.names[self.i % len(self.names)]
        self.i += 1
        return name


def body(block):
    cycle = AxisCycle(mesh.axis_names, start=1)
    r = jax.lax.all_gather(block, next(cycle), axis=1, tiled=True, to="reduced")
    next(cycle)
    return jax.lax.psum(r, next(cycle))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    x = inputs()[0] if x is None else x
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                      out_specs=P(None, None, reduced={"model"}))
    return f(x)


if __name__ == "__main__":
    main()
