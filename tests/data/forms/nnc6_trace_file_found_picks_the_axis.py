"""A rollout launcher whose trace file lives in the system's temporary directory: when a trace of
an earlier run is there, it goes on gathering over "lon" after a mean over "lat" only (legal);
whether the file exists is not known from the program, so nothing is certain."""
import os
import tempfile

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TRACE_FILE = os.path.join(tempfile.gettempdir(), f"trace_{os.getuid()}.txt")


def build(mesh, resumed):
    axes = "lat" if resumed else ("lat", "lon")

    def body(u):
        gmean = jax.lax.psum(jnp.mean(u), axes)
        return jax.lax.all_gather(gmean, "lon", to="reduced")

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P("lat", "lon"), out_specs=P(None, reduced={"lon"})))


def main():
    mesh = jax.make_mesh((2, 4), ("lat", "lon"))
    u = jax.device_put(np.ones((8, 16), np.float32), NamedSharding(mesh, P("lat", "lon")))
    with jax.set_mesh(mesh):
        return build(mesh, os.path.exists(TRACE_FILE))(u)


if __name__ == "__main__":
    main()
