"""launchers/weather/precip.py: precipitation post-processing on the forecast mesh.

Rain rates are made whole along longitude (to="reduced", the mask is only written out)
and thresholded at the drizzle cutoff from the post-processing flags.
"""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import mesh_utils
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

POST_FLAGS = {"drizzle_mm": 0.1, "lon_shards": 4}


def flags(overrides):
    out = dict(POST_FLAGS)
    out.update(overrides)
    return out


def create_mesh(lon_shards):
    shape = (jax.device_count() // lon_shards, lon_shards)
    return Mesh(mesh_utils.create_device_mesh(shape), ("lat", "lon"),
                axis_types=(jax.sharding.AxisType.Explicit,) * 2)


def rain_rate(q, dt):
    return jnp.maximum(q, 0.0) / dt


def precip_body(cutoff):
    def body(q):
        rate = rain_rate(q, 0.5)
        rate = jax.lax.all_gather(rate, "lon", axis=1, tiled=True, to="reduced")
        wet = jnp.where(rate > cutoff, rate, 0.0)
        return wet

    return body


def main(overrides):
    f = flags(overrides)
    mesh = create_mesh(f["lon_shards"])
    rng = np.random.default_rng(8)
    q = rng.gamma(0.5, 0.2, (8, 16)).astype(np.float32)
    qs = jax.make_array_from_process_local_data(NamedSharding(mesh, P("lat", "lon")), q)
    with jax.set_mesh(mesh):
        fn = jax.jit(jax.shard_map(precip_body(f["drizzle_mm"]), mesh=mesh,
                                   in_specs=P("lat", "lon"),
                                   out_specs=P("lat", None, reduced={"lon"})))
        wet = fn(qs)
    if jax.process_index() == 0:
        print("wet cells", wet.shape)
    return wet


def wet_fraction(wet):
    """Fraction of grid cells above the drizzle cutoff, logged by process 0."""
    if jax.process_index() != 0:
        return None
    arr = np.asarray(wet)
    return float((arr > 0).mean())


def to_mm_per_day(rate):
    return rate * 24.0


def describe(f):
    return f"drizzle cutoff {f['drizzle_mm']} mm, {f['lon_shards']} lon shards"


def inputs():
    cut = os.environ.get("DRIZZLE_MM")
    return ({"drizzle_mm": float(cut)} if cut else {},)


if __name__ == "__main__":
    main(*inputs())
