"""A task's exception stays in its task: `asyncio.gather(..., return_exceptions=True)` hands it back
as a value. On 8 devices the planner's `assert` on the device count fails before it stores the
two-axis plan, and main goes on with the one-axis plan (a psum over "j" only)."""
import asyncio
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PLAN = {"axes": "j"}


async def plan_wide():
    assert jax.device_count() % 16 == 0, "wide plans need 16 devices"
    PLAN["axes"] = ("i", "j")


def reduce_rows(x, mesh, axes):
    x = jax.device_put(x, NamedSharding(mesh, P("i", "j")))

    def body(block):
        rows = jax.lax.psum(block, "i")
        return jax.lax.psum(rows, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


async def amain():
    await asyncio.gather(plan_wide(), return_exceptions=True)


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    asyncio.run(amain())
    return reduce_rows(np.ones((8, 8), np.float32), mesh, PLAN["axes"])


if __name__ == "__main__":
    main()
