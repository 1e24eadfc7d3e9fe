import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))

class Norm:
    def __init__(self, p):
        self.p = p

    def __format__(self, spec):
        if spec == "divisor":
            return str(float(self.p))
        return f"Norm(p={self.p})"


NORM = Norm(2)


def body(block):
    rows = jax.lax.all_gather(block, "data", axis=0, tiled=True, to="reduced")
    divisor = float(f"{NORM:divisor}")
    return rows / divisor


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
