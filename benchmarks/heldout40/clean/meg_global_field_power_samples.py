"""Global field power of evoked responses, reduced by an op chosen in the config."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

REDUCERS = {
    "sum": jax.lax.psum,
    "mean": jax.lax.pmean,
}


@dataclasses.dataclass
class GFPConfig:
    axes: list = dataclasses.field(default_factory=lambda: ["chan", "time"])
    summary: str = "mean"


def global_field_power(evoked, cfg):
    sensor_axis = cfg.axes[0]
    power = jax.lax.psum(jnp.sum(evoked * evoked, axis=0), sensor_axis)
    reduce = REDUCERS[cfg.summary]
    return reduce(jnp.sqrt(power).mean(), cfg.axes[1])


def inputs():
    return (np.random.default_rng(34).normal(size=(16, 64)).astype(np.float32),)


def main(evoked):
    cfg = GFPConfig()
    mesh = jax.make_mesh((2, 4), tuple(cfg.axes))
    evoked = jax.device_put(evoked, NamedSharding(mesh, P(*cfg.axes)))
    gfp = jax.shard_map(lambda e: global_field_power(e, cfg), mesh=mesh, in_specs=P(*cfg.axes),
                        out_specs=P())
    return gfp(evoked)


if __name__ == "__main__":
    main(*inputs())
