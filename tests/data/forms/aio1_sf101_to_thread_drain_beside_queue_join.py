"""A drain task takes write jobs off an asyncio.Queue and hands each to `asyncio.to_thread`; the
writer waits for `queue.join()` or the drain task, whichever ends first (`asyncio.wait`). The
first job's trace gathers to reduced a psum over the axis it was summed on."""
import asyncio

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def norms(mesh, w, axis):
    def body(x):
        s = jax.lax.psum(jnp.sum(x * x, axis=0), axis)
        return jax.lax.all_gather(s, axis, tiled=True, to="reduced")  # SF101

    with jax.set_mesh(mesh):
        f = jax.jit(jax.shard_map(body, in_specs=P("i", "j"), out_specs=P("j", reduced={axis})))
        return f(jax.device_put(w, NamedSharding(mesh, P("i", "j"))))


async def drain(jobs, mesh, log):
    while True:
        step, w = await jobs.get()
        try:
            log[step] = await asyncio.to_thread(norms, mesh, w, "i")
        finally:
            jobs.task_done()


async def write(mesh, weights):
    jobs = asyncio.Queue()
    log = {}
    drainer = asyncio.create_task(drain(jobs, mesh, log))
    for step, w in enumerate(weights):
        await jobs.put((step, w))
    join = asyncio.create_task(jobs.join())
    done, _ = await asyncio.wait({join, drainer}, return_when=asyncio.FIRST_COMPLETED)
    drainer.cancel()
    for task in done:
        task.result()
    return log


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    w = np.ones((8, 16), np.float32)
    return asyncio.run(write(mesh, [w, w]))


if __name__ == "__main__":
    main()
