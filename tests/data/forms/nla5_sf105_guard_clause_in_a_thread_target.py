"""A guard clause in a thread's target ends that thread only (threading prints the error, `join`
returns): on 8 devices the planner thread raises before it stores the two-axis plan, and main
goes on with the one-axis plan (a psum over "j" only)."""
import threading

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PLAN = {"axes": "j"}


def plan_wide():
    if jax.device_count() < 16:
        raise RuntimeError("the wide reduction needs 16 devices")
    PLAN["axes"] = ("i", "j")


def reduce_rows(x, mesh, axes):
    x = jax.device_put(x, NamedSharding(mesh, P("i", "j")))

    def body(block):
        rows = jax.lax.psum(block, "i")
        return jax.lax.psum(rows, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    planner = threading.Thread(target=plan_wide)
    planner.start()
    planner.join()
    return reduce_rows(np.ones((8, 8), np.float32), mesh, PLAN["axes"])


if __name__ == "__main__":
    main()
