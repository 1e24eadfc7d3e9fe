"""Rectified-flow training: logit-normal timestep sampling and its coverage histogram."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class SamplerConfig:
    num_bins: int = 8
    loc: float = 0.0
    scale: float = 1.0
    data_axis: str = "data"


class LogitNormalSampler:
    def __init__(self, cfg: SamplerConfig):
        self.cfg = cfg

    def sample(self, u):
        return jax.nn.sigmoid(self.cfg.loc + self.cfg.scale * u)

    def coverage(self, t):
        nb = self.cfg.num_bins
        bins = jnp.clip((t * nb).astype(jnp.int32), 0, nb - 1)
        counts = jax.nn.one_hot(bins, nb).sum(axis=0)
        counts = jax.lax.psum(counts, self.cfg.data_axis)
        counts = jax.lax.pcast(counts, self.cfg.data_axis, to="varying")
        return jax.lax.all_gather(counts, self.cfg.data_axis, axis=0, tiled=True, to="reduced")

    def __call__(self, u):
        return self.coverage(self.sample(u))


def inputs():
    rng = np.random.default_rng(0)
    return (rng.standard_normal((16, 8)).astype(np.float32),)


def main(noise):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    noise = jax.device_put(noise, NamedSharding(mesh, P("data", "model")))
    sampler = LogitNormalSampler(SamplerConfig())
    hist = jax.shard_map(sampler, mesh=mesh, in_specs=P("data", "model"),
                         out_specs=P("model", None, reduced={"data"}))(noise)
    return hist


if __name__ == "__main__":
    main(*inputs())
