"""asyncio's own timing answers this (shield cancel inner goes on)."""
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


async def inner(box):
    await asyncio.sleep(0)
    box.clear()


async def probe():
    box = []
    task = asyncio.ensure_future(inner(box))
    outer = asyncio.shield(task)
    outer.cancel()
    await task
    return tuple(box) or ("i", "j")


def main(mesh, x):
    axes = asyncio.run(probe())
    return reduce_rows(mesh, x, axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
