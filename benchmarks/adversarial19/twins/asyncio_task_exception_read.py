"""asyncio.wait returns with the task failed; task.exception() is read, not raised."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P
import asyncio


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


async def wide_axes():
    assert jax.device_count() >= 4, "needs 16 devices"
    return ("i", "j")


async def plan():
    task = asyncio.ensure_future(wide_axes())
    await asyncio.wait([task])
    return ("i",) if task.exception() is not None else task.result()


def main(mesh, x):
    axes = asyncio.run(plan())
    return reduce_rows(mesh, x, axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
