"""Poisson client sampling: each client joins a round with probability q; the cohort size is shared."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class SamplerConfig:
    sampling_rate: float = 0.3
    cohort_axis: str = "cohort"
    param_axis: str = "param"


class PoissonSampler:
    def __init__(self, cfg: SamplerConfig):
        self.cfg = cfg

    def sample(self, uniforms):
        return (uniforms < self.cfg.sampling_rate).astype(jnp.float32)

    def cohort_size(self, uniforms):
        mask = self.sample(uniforms)
        n = jax.lax.psum(mask.sum(), self.cfg.cohort_axis)
        return jax.lax.all_gather(n, self.cfg.cohort_axis, to="reduced")


def inputs():
    return (np.random.default_rng(10).uniform(size=(64,)).astype(np.float32),)


def main(uniforms):
    cfg = SamplerConfig()
    mesh = jax.make_mesh((2, 4), (cfg.cohort_axis, cfg.param_axis))
    uniforms = jax.device_put(uniforms, NamedSharding(mesh, P(cfg.cohort_axis)))
    sampler = PoissonSampler(cfg)
    fn = jax.shard_map(sampler.cohort_size, mesh=mesh, in_specs=P(cfg.cohort_axis), out_specs=P(None, reduced={cfg.cohort_axis}))
    return fn(uniforms)


if __name__ == "__main__":
    main(*inputs())
