"""The main thread sets `_state.axis = "data"` on a `threading.local()`, but the layout is built by
a worker thread, which sees none of the main thread's attributes: `getattr(_state, "axis",
"model")` gives 'model' there, where the psum result still varies (the program runs). A module
that starts threads keeps thread-locals unfollowed, so the analysis stays silent."""
import queue
import threading

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

_state = threading.local()


def build(out):
    out.put(getattr(_state, "axis", "model"))


def main():
    _state.axis = "data"
    found = queue.Queue()
    worker = threading.Thread(target=build, args=(found,))
    worker.start()
    worker.join()
    axis = found.get()
    mesh = jax.make_mesh((4, 2), ("data", "model"))

    def body(g):
        total = jax.lax.psum(g, "data")
        return jax.lax.all_gather(total, axis, axis=0, tiled=True, to="reduced")

    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P(None, None, reduced={"model"}))
    g = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", "model")))
    return jax.jit(fn)(g)


if __name__ == "__main__":
    main()
