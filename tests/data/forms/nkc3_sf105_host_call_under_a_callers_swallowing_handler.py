"""A caller's `except Exception as exc` that records the error and swallows it (it appends it to a
list and the attempt gives None) is no guarantee the call passed: `jax.devices("gpu")` raises on a
CPU host, main falls back to the CPU plan, and the body's psum runs over "j" only, never over the
GPU plan's ("i", "j") of rows already summed over "i"."""
import logging

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ERRORS = []


def gpu_plan():
    devices = jax.devices("gpu")
    return {"mesh": jax.make_mesh((2, 4), ("i", "j"), devices=devices), "reduce": ("i", "j")}


def attempt(command):
    try:
        return command()
    except Exception as exc:
        ERRORS.append(exc)


def cpu_plan():
    return {"mesh": jax.make_mesh((2, 4), ("i", "j")), "reduce": "j"}


def reduce_rows(x, plan):
    mesh = plan["mesh"]
    x = jax.device_put(x, NamedSharding(mesh, P("i", "j")))

    def body(block):
        rows = jax.lax.psum(block, "i")
        return jax.lax.psum(rows, plan["reduce"])

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    plan = attempt(gpu_plan)
    if plan is None:
        logging.warning("no GPU plan (%s): running on the CPU", ERRORS[-1])
        plan = cpu_plan()
    return reduce_rows(np.ones((8, 8), np.float32), plan)


if __name__ == "__main__":
    main()
