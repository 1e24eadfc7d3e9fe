"""A worker thread started under a name the module computes (`getattr(threading, "Thr" +
"ead")`) reads the thread-local namespace: it has no `rules` there (each thread sees its own
attributes), so it records 0 and the gather runs over 'data', where the psum result varies.
Read as a one-thread program (no thread starter spelled), the worker would see the main thread's
`rules` and the gather would run over 'model', where the value is invariant after the psum, which
JAX rejects: a module that may reach a thread starter by a computed name is not single-threaded."""
import threading

import jax
import numpy as np
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

RULES = threading.local()
RULES.rules = 1
SEEN = []
WORKER = getattr(threading, "Thr" + "ead")(target=lambda: SEEN.append(getattr(RULES, "rules", 0)))
WORKER.start()
WORKER.join()


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"), axis_types=(AxisType.Explicit,) * 2)
    metric_axis = "data" if SEEN == [0] else "model"

    def body(g):
        total = jax.lax.psum(g, "model")
        return jax.lax.all_gather(total, metric_axis, axis=0, tiled=True, to="reduced")  # none

    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P(None, None, reduced={metric_axis}))
    g = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data", "model")))
    return jax.jit(fn)(g)


if __name__ == "__main__":
    print(main().shape)
