"""Building the shard index of a checkpoint: byte counts summed per host, then split for writers."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

HOST, DEVICE = "host", "device"
WRITER_AXES = (HOST, DEVICE)


def per_host_totals(sizes):
    return jax.lax.psum(sizes, DEVICE)


def assign_writers(totals, axes=WRITER_AXES):
    return jax.lax.psum_scatter(totals, axes, scatter_dimension=0, tiled=True)


def build_index(sizes):
    totals = per_host_totals(sizes)
    return assign_writers(totals)


def inputs():
    return np.arange(128, dtype=np.float32).reshape(16, 8) * 1024.0,


def main(sizes):
    mesh = jax.make_mesh((2, 4), (HOST, DEVICE))
    sizes = jax.device_put(sizes, NamedSharding(mesh, P(HOST, None)))
    run = jax.shard_map(build_index, mesh=mesh, in_specs=P(HOST, None), out_specs=P(WRITER_AXES, None))
    return run(sizes)


if __name__ == "__main__":
    main(*inputs())
