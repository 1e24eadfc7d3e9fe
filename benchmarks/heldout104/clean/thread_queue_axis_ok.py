"""A worker thread decides the reduction axis and hands it over a queue."""
import queue
import threading

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def decide(q, names):
    q.put(names[-1])


def reduction_axis(names):
    q = queue.Queue()
    worker = threading.Thread(target=decide, args=(q, names))
    worker.start()
    worker.join()
    return q.get()


def body(b):
    cols = jax.lax.all_gather(b, "model", axis=1, tiled=True, to="reduced")
    axis = reduction_axis(("model", "data"))
    return jax.lax.psum(cols, axis)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P(None, None, reduced={"model"}))
    return jax.jit(f)(x)


if __name__ == "__main__":
    main()
