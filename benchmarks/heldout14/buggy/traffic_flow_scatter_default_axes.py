"""Macroscopic traffic flow (LWR) from microscopic counts: vehicle counts per detector are
summed over lanes and reduce-scattered back to the detector owners."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def detector_flow(counts, speeds, axes=("seg", "lane"), lane_axis="lane"):
    flow = counts * speeds
    per_road = jax.lax.psum(flow, lane_axis)
    return jax.lax.psum_scatter(per_road, axes, scatter_dimension=0, tiled=True)


def inputs():
    counts = (np.arange(16 * 8) % 5).reshape(16, 8).astype(np.float32)
    return counts, np.linspace(10, 30, 16 * 8, dtype=np.float32).reshape(16, 8)


def main(counts, speeds):
    mesh = jax.make_mesh((4, 2), ("seg", "lane"))
    spec = P(None, ("seg", "lane"))
    counts, speeds = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (counts, speeds))
    f = jax.shard_map(detector_flow, mesh=mesh, in_specs=(spec, spec),
                      out_specs=P(("seg", "lane"), None))
    return f(counts, speeds)


if __name__ == "__main__":
    print(main(*inputs()))
