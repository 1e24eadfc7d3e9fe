import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))
import asyncio


async def fetch_axes():
    await asyncio.sleep(0)
    return mesh.axis_names


async def plan():
    axes = await fetch_axes()
    return {"reduce": tuple(axes)}


PLAN = asyncio.run(plan())


def body(block):
    s = jax.lax.psum(block, "model")
    return jax.lax.psum(s, PLAN["reduce"])


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    x = inputs()[0] if x is None else x
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                      out_specs=P())
    return f(x)


if __name__ == "__main__":
    main()
