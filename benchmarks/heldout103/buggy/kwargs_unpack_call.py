import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))

CFG = {"axis_name": "model", "perm": [(0, 1), (1, 0)]}


def shift(v, *, axis_name, perm):
    return jax.lax.ppermute(v, axis_name=axis_name, perm=perm)


def body(block):
    r = jax.lax.all_gather(block, "model", axis=1, tiled=True, to="reduced")
    return shift(r, **CFG)


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
