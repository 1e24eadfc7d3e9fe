import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))

REDUCERS = {
    "max": lambda v: jax.lax.pmax(v, "data"),
    "min": lambda v: jax.lax.pmin(v, "data"),
    "sum": lambda v: jax.lax.psum(v, "model"),
}


def body(block, how="max"):
    r = jax.lax.all_gather(block, "model", axis=1, tiled=True, to="reduced")
    return REDUCERS[how](r)


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
