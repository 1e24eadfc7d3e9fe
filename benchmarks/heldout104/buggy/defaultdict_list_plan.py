"""Axes are appended to a per-stage plan held in a defaultdict(list)."""
from collections import defaultdict

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def make_plan(names):
    plan = defaultdict(list)
    plan["rows"].append(names[0])
    for name in names:
        plan["cols"].append(name)
    return plan


def body(b):
    plan = make_plan(("data", "model"))
    t = jax.lax.all_gather(b, tuple(plan["rows"]), axis=0, tiled=True, to="reduced")
    return jax.lax.all_gather(t, tuple(plan["cols"]), axis=1, tiled=True,
                              to="reduced")


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
