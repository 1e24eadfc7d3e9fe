"""The gather plan is pickled by the launcher and unpickled by the worker."""
import pickle

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LAUNCHER_PLAN = {"rows": ("data",), "cols": ("model",)}
BLOB = pickle.dumps(LAUNCHER_PLAN)


def body(b):
    plan = pickle.loads(BLOB)
    t = jax.lax.all_gather(b, plan["rows"], axis=0, tiled=True, to="reduced")
    return jax.lax.all_gather(t, plan["cols"], axis=1, tiled=True, to="reduced")


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P(None, None, reduced={"data", "model"}))
    return jax.jit(f)(x)


if __name__ == "__main__":
    main()
