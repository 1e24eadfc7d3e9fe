"""The same guard under the awaiter's handler, but on a count the mesh already rules out: a 2x4
mesh needs 8 devices, so `jax.device_count() < 4` never holds, the task widens the plan to
("i", "j") and the reduction over it of a value invariant on "j" raises."""
import asyncio

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PLAN = {"axes": ("i",)}


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


async def widen():
    if jax.device_count() < 4:
        raise RuntimeError("wide plans need 4 devices")
    PLAN["axes"] = ("i", "j")


async def plan():
    try:
        await asyncio.gather(widen())
    except RuntimeError:
        print("narrow plan kept")


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    asyncio.run(plan())
    return reduce_rows(mesh, x, PLAN["axes"])


if __name__ == "__main__":
    main()
