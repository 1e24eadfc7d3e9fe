"""A schema reads `__static_attributes__` off its class to find the names `__init__` assigns:
CPython 3.13 gives every class statement that member, 3.11 and 3.12 give none, so which axis
the body gathers over depends on the Python running it ('data' where the member is missing,
which JAX rejects; 'model' where it lists `log_axis`). The analysis must not take a dunder some
supported Python has as absent."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class LogConfig:
    def __init__(self):
        self.log_axis = "model"


def log_axis():
    assigned = getattr(LogConfig, "__static_attributes__", ())
    return "model" if "log_axis" in assigned else "data"


def main():
    axis = log_axis()
    mesh = jax.make_mesh((4, 2), ("data", "model"))

    def body(x):
        total = jax.lax.psum(x, "data")
        return jax.lax.all_gather(total, axis, axis=0, tiled=True, to="reduced")  # none

    out = P(None, None, reduced={"model"}) if axis == "model" else P(None, "model", reduced={"data"})
    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=out)
    x = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data", "model")))
    return jax.jit(fn)(x)


if __name__ == "__main__":
    main()
