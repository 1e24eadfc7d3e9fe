"""Time-offset calibration: cosmic-ray crossing times compared with the next module in the stack."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class TimingConfig:
    module_axis: str = "module"
    channel_axis: str = "channel"
    n_modules: int = 4

    @property
    def upward(self):
        return [(i, i + 1) for i in range(self.n_modules - 1)]


def hit_times(t, cfg):
    return jax.lax.all_gather(t.min(axis=1, keepdims=True), cfg.channel_axis, axis=1, tiled=True,
                              to="reduced")


def offsets(t, cfg):
    first = hit_times(t, cfg)
    return jax.lax.ppermute(first, cfg.module_axis, perm=cfg.upward)


def inputs():
    rng = np.random.default_rng(52)
    return (rng.normal(10.0, 0.5, (32, 16)).astype(np.float32),)


def main(t):
    cfg = TimingConfig()
    mesh = jax.make_mesh((cfg.n_modules, 2), (cfg.module_axis, cfg.channel_axis))
    spec = P(cfg.module_axis, cfg.channel_axis)
    f = jax.shard_map(functools.partial(offsets, cfg=cfg), mesh=mesh, in_specs=spec,
                      out_specs=P(cfg.module_axis, None, reduced={cfg.channel_axis}))
    return f(jax.device_put(t, NamedSharding(mesh, spec)))


if __name__ == "__main__":
    main(*inputs())
