import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))

PLAN = [("rows", 0, ("data",)), ("cols", 1, ("model",))]


def body(block):
    t = block
    for name, dim, (*axes,) in PLAN:
        t = jax.lax.all_gather(t, tuple(axes), axis=dim, tiled=True, to="reduced")
    return t


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    x = inputs()[0] if x is None else x
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                      out_specs=P(None, None, reduced={"data", "model"}))
    return f(x)


if __name__ == "__main__":
    main()
