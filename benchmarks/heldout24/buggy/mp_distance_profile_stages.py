"""Distance-profile pipeline: each stage is a named step, applied in order like a sklearn Pipeline."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SENSOR, WINDOW = "sensor", "window"

STAGES = [
    ("square", jnp.square),
    ("pool_windows", functools.partial(jax.lax.all_gather, axis_name=WINDOW, axis=1, tiled=True, to="reduced")),
    ("pool_all", functools.partial(jax.lax.all_gather, axis_name=(SENSOR, WINDOW), axis=0, tiled=True, to="reduced")),
]


def distance_profile(query, series):
    x = series - query
    for name, stage in STAGES:
        x = stage(x)
    return x


def inputs():
    rng = np.random.default_rng(41)
    return (rng.standard_normal((2, 1)).astype(np.float32),
            rng.standard_normal((4, 32)).astype(np.float32))


def main(query, series):
    mesh = jax.make_mesh((2, 4), (SENSOR, WINDOW))
    query = jax.device_put(query, NamedSharding(mesh, P(SENSOR, None)))
    series = jax.device_put(series, NamedSharding(mesh, P(SENSOR, WINDOW)))
    fn = jax.shard_map(distance_profile, mesh=mesh, in_specs=(P(SENSOR, None), P(SENSOR, WINDOW)),
                       out_specs=P(None, None, reduced={SENSOR, WINDOW}))
    return fn(query, series)


if __name__ == "__main__":
    print(main(*inputs()))
