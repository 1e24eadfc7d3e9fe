"""launchers/weather/forecast.py: a sharded weather-model rollout with a global-mean trace.

The field is split (lat, lon). The area-weighted global mean is reduced over both mesh
axes; the conservation monitor gathers the per-step means over the axis configured
for it (TRACE_AXIS) and process 0 appends them to the trace file.
"""
import atexit
import os
import tempfile

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

LAT, LON = 8, 16
TRACE_FILE = os.path.join(tempfile.gettempdir(), f"wx_trace_{os.getpid()}.txt")
atexit.register(lambda: os.path.exists(TRACE_FILE) and os.remove(TRACE_FILE))


def topology():
    lat_shards = int(os.environ.get("LAT_SHARDS", "2"))
    lon_shards = jax.device_count() // lat_shards
    return {"lat": lat_shards, "lon": lon_shards}


def area_weights():
    lats = np.linspace(-80, 80, LAT)
    w = np.cos(np.deg2rad(lats))
    return (w / w.sum()).astype(np.float32)


def tendency(u):
    return 0.1 * (jnp.roll(u, 1, axis=1) - u)


def rollout_body(trace_axis, steps):
    def body(u, w):
        for _ in range(steps):
            u = u + tendency(u)
        local = jnp.sum(u * w[:, None]) / LON
        gmean = jax.lax.psum(local, ("lat", "lon"))
        trace = jax.lax.all_gather(gmean, trace_axis, to="reduced")
        return u, trace

    return body


def build(mesh, trace_axis, steps):
    return jax.jit(jax.shard_map(rollout_body(trace_axis, steps), mesh=mesh,
                                 in_specs=(P("lat", "lon"), P("lat")),
                                 out_specs=(P("lat", "lon"), P(None, reduced={trace_axis}))))


def append_trace(trace):
    if jax.process_index() == 0:
        with open(TRACE_FILE, "a") as f:
            f.write(" ".join(f"{v:.5f}" for v in np.asarray(trace)) + "\n")


def initial_state(mesh):
    lon = np.linspace(0, 2 * np.pi, LON, endpoint=False)
    u0 = np.sin(lon)[None, :] + np.linspace(0, 1, LAT)[:, None]
    u = jax.make_array_from_process_local_data(NamedSharding(mesh, P("lat", "lon")),
                                               u0.astype(np.float32))
    w = jax.device_put(area_weights(), NamedSharding(mesh, P("lat")))
    return u, w


def main(trace_axis, steps):
    topo = topology()
    mesh = jax.make_mesh(tuple(topo.values()), tuple(topo), axis_types=(AxisType.Explicit,) * 2)
    u, w = initial_state(mesh)
    with jax.set_mesh(mesh):
        fn = build(mesh, trace_axis, steps)
        u, trace = fn(u, w)
        append_trace(trace)
    return u


def inputs():
    return (os.environ.get("TRACE_AXIS", "lat"), int(os.environ.get("STEPS_PER_CALL", "2")))


if __name__ == "__main__":
    main(*inputs())
