"""A probe whose handler hands the exception back (`return None, exc`) is followed both ways: when
`jax.devices("gpu")` raises, the caller logs the error and takes the CPU plan, which sums over
("i", "j") as the GPU plan does, so the body's psum of rows already summed over "i" is reached,
and raises, whether the call passes or not."""
import logging

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def attempt(command):
    try:
        return command(), None
    except Exception as exc:
        return None, exc


def gpu_plan():
    devices = jax.devices("gpu")
    return {"mesh": jax.make_mesh((2, 4), ("i", "j"), devices=devices), "reduce": ("i", "j")}


def cpu_plan():
    return {"mesh": jax.make_mesh((2, 4), ("i", "j")), "reduce": ("i", "j")}


def reduce_rows(x, plan):
    mesh = plan["mesh"]
    x = jax.device_put(x, NamedSharding(mesh, P("i", "j")))

    def body(block):
        rows = jax.lax.psum(block, "i")
        return jax.lax.psum(rows, plan["reduce"])  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    plan, err = attempt(gpu_plan)
    if err is not None:
        logging.warning("no GPU plan (%s): running on the CPU", err)
        plan = cpu_plan()
    return reduce_rows(np.ones((8, 8), np.float32), plan)


if __name__ == "__main__":
    main()
