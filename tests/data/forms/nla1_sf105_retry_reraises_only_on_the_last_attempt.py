"""A retry helper re-raises only on its last attempt (`if attempt + 1 == tries: raise`); on the
others it goes round again. The attempt counts its calls, so the second one differs: the first
probes a GPU (`jax.devices("gpu")` raises on a CPU host), the second takes the CPU plan, whose
psum runs over "j" only, never over the GPU plan's ("i", "j") of rows already summed over "i"."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CALLS = {"plan": 0}


def with_retries(command, tries=3):
    for attempt in range(tries):
        try:
            return command()
        except Exception:
            if attempt + 1 == tries:
                raise


def plan_for_host():
    CALLS["plan"] += 1
    if CALLS["plan"] == 1:
        devices = jax.devices("gpu")
        return {"mesh": jax.make_mesh((2, 4), ("i", "j"), devices=devices), "reduce": ("i", "j")}
    return {"mesh": jax.make_mesh((2, 4), ("i", "j")), "reduce": "j"}


def reduce_rows(x, plan):
    mesh = plan["mesh"]
    x = jax.device_put(x, NamedSharding(mesh, P("i", "j")))

    def body(block):
        rows = jax.lax.psum(block, "i")
        return jax.lax.psum(rows, plan["reduce"])

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    return reduce_rows(np.ones((8, 8), np.float32), with_retries(plan_for_host))


if __name__ == "__main__":
    main()
