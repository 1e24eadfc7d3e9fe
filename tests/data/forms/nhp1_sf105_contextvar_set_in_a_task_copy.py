"""A task runs in a copy of its creator's context: the set it makes is not seen by `plan`."""
import asyncio
import contextvars

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


SYNC = contextvars.ContextVar("sync", default=("i",))


async def widen():
    SYNC.set(("i", "j"))


async def plan():
    await asyncio.create_task(widen())
    return SYNC.get()


def reduce_rows(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    return reduce_rows(asyncio.run(plan()))


if __name__ == "__main__":
    main()
