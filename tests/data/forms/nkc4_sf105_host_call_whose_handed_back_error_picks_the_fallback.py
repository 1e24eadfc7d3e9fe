"""A runner that hands the exception back in its result (`{"ok": False, "error": exc}`) is no
proof the call passed: `jax.devices("gpu")` raises on a CPU host, main sees `ok` False and takes
the CPU plan, whose body sums over "j" only; the GPU plan's psum over ("i", "j") of rows already
summed over "i" is never traced."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def run_step(command):
    try:
        return {"ok": True, "value": command()}
    except Exception as exc:
        return {"ok": False, "error": exc}


def gpu_plan():
    devices = jax.devices("gpu")
    return {"mesh": jax.make_mesh((2, 4), ("i", "j"), devices=devices), "reduce": ("i", "j")}


def cpu_plan():
    return {"mesh": jax.make_mesh((2, 4), ("i", "j")), "reduce": "j"}


def reduce_rows(x, plan):
    mesh = plan["mesh"]
    x = jax.device_put(x, NamedSharding(mesh, P("i", "j")))

    def body(block):
        rows = jax.lax.psum(block, "i")
        return jax.lax.psum(rows, plan["reduce"])  # none

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    result = run_step(gpu_plan)
    plan = result["value"] if result["ok"] else cpu_plan()
    return reduce_rows(np.ones((8, 8), np.float32), plan)


if __name__ == "__main__":
    main()
