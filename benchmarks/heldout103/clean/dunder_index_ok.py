import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))

SCALES = [1.0, 0.5, 0.25]


class Precision:
    def __init__(self, bits):
        self.bits = bits

    def __index__(self):
        return {32: 0, 16: 1, 8: 2}[self.bits]


def body(block):
    rows = jax.lax.all_gather(block, "data", axis=0, tiled=True, to="reduced")
    scale = SCALES[Precision(32)]
    if scale != 1.0:
        rows = rows * scale
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
