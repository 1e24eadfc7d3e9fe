"""Polar Fourier filter and global tracer diagnostics for a lat-lon dynamical core."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LAT, LON = "lat", "lon"
TRACER_AXES = (LAT, LON)


def _ring(q, axis):
    return jax.lax.all_gather(q, axis, axis=1, tiled=True, to="reduced")


def polar_filter(q, axes):
    ring = _ring(q, axes[1])
    pairs = ring[:, 0::2] + ring[:, 1::2]
    return pairs[:, 0::2] + pairs[:, 1::2], ring


def global_tracer_field(q, axes):
    return jax.lax.all_gather(q, axes, axis=0, tiled=True, to="reduced")


def advect_diagnostics(q):
    smooth, ring = polar_filter(q, TRACER_AXES)
    field = global_tracer_field(ring, TRACER_AXES)
    return smooth, field


def inputs():
    rng = np.random.default_rng(5)
    return (rng.random((8, 16), dtype=np.float32),)


def main(q):
    mesh = jax.make_mesh((2, 4), TRACER_AXES)
    q = jax.device_put(q, NamedSharding(mesh, P(LAT, LON)))
    diag = jax.shard_map(advect_diagnostics, mesh=mesh, in_specs=P(LAT, LON),
                         out_specs=(P(LAT, None, reduced={LON}), P(None, None, reduced={LAT, LON})))
    return diag(q)


if __name__ == "__main__":
    print(main(*inputs()))
