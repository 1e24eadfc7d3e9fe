import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))

class WarmupSchedule:
    def __init__(self, steps):
        self.steps = list(steps)

    def __len__(self):
        return len(self.steps)

    def factor(self):
        return 1.0 / len(self.steps)


WARMUP = WarmupSchedule(range(0))


def body(block):
    rows = jax.lax.all_gather(block, "data", axis=0, tiled=True, to="reduced")
    if WARMUP:  # no __bool__: truth comes from __len__
        rows = rows * WARMUP.factor()
    return rows


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    x = inputs()[0] if x is None else x
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                      out_specs=P(None, "model", reduced={"data"}))
    return f(x)


if __name__ == "__main__":
    main()
