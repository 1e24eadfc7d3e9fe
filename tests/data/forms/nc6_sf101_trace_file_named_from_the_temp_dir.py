"""A rollout launcher names its trace file from the system's temporary directory and its process
id (`os.path.join(tempfile.gettempdir(), f"trace_{os.getpid()}.txt")`) and registers its removal
at exit. The global mean, summed over both axes, is gathered to reduced over "lat": it no longer
varies there, and JAX rejects it."""
import atexit
import os
import tempfile

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TRACE_FILE = os.path.join(tempfile.gettempdir(), f"trace_{os.getpid()}.txt")
atexit.register(lambda: os.path.exists(TRACE_FILE) and os.remove(TRACE_FILE))


def build(mesh, trace_axis):
    def body(u):
        gmean = jax.lax.psum(jnp.mean(u), ("lat", "lon"))
        return jax.lax.all_gather(gmean, trace_axis, to="reduced")  # SF101

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P("lat", "lon"), out_specs=P(None, reduced={trace_axis})))


def append_trace(trace):
    if jax.process_index() == 0:
        with open(TRACE_FILE, "a") as f:
            f.write(" ".join(f"{v:.5f}" for v in np.asarray(trace)) + "\n")


def main(trace_axis):
    mesh = jax.make_mesh((2, 4), ("lat", "lon"))
    u = jax.device_put(np.ones((8, 16), np.float32), NamedSharding(mesh, P("lat", "lon")))
    with jax.set_mesh(mesh):
        trace = build(mesh, trace_axis)(u)
    append_trace(trace)
    return trace


if __name__ == "__main__":
    main(os.environ.get("TRACE_AXIS", "lat"))
