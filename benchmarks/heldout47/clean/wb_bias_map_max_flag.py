"""Time-mean bias map with a flag telling whether any grid point exceeds the threshold."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class BiasConfig:
    threshold: float = 0.5
    time_axis: str = "time"
    lat_axis: str = "lat"


def bias_map(forecast, truth, cfg):
    bias = jax.lax.pmean(jnp.mean(forecast - truth, axis=0), cfg.time_axis)
    local_worst = jnp.max(jnp.abs(bias))
    flag = jax.lax.pmax(local_worst, cfg.lat_axis) > cfg.threshold
    full = jax.lax.all_gather(bias, cfg.lat_axis, axis=0, tiled=True, to="reduced")
    return full, flag


def inputs():
    rng = np.random.default_rng(24)
    truth = rng.standard_normal((4, 16, 8)).astype(np.float32)
    return truth + 0.6 * rng.standard_normal((4, 16, 8)).astype(np.float32), truth


def main(forecast, truth):
    cfg = BiasConfig()
    mesh = jax.make_mesh((2, 4), (cfg.time_axis, cfg.lat_axis))
    spec = P("time", "lat", None)
    forecast = jax.device_put(forecast, NamedSharding(mesh, spec))
    truth = jax.device_put(truth, NamedSharding(mesh, spec))
    fn = jax.shard_map(functools.partial(bias_map, cfg=cfg), mesh=mesh, in_specs=(spec, spec),
                       out_specs=(P(None, None, reduced={"lat"}), P()))
    return fn(forecast, truth)


if __name__ == "__main__":
    main(*inputs())
