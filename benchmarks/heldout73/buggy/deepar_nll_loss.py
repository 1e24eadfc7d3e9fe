"""DeepAR-style trainer: Gaussian negative log-likelihood averaged over the whole global batch."""
import dataclasses
import math

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class TrainerConfig:
    batch_axis: str = "data"
    time_axis: str = "model"
    loss_axes: tuple = ("data", "model")
    num_batches_per_epoch: int = 1


def gaussian_nll(mu, sigma, target):
    z = (target - mu) / sigma
    return 0.5 * z ** 2 + jnp.log(sigma) + 0.5 * math.log(2 * math.pi)


class Trainer:
    def __init__(self, config: TrainerConfig):
        self.config = config

    def loss_fn(self, mu, sigma, target):
        cfg = self.config
        nll = gaussian_nll(mu, sigma, target)
        per_series = jax.lax.psum(nll.sum(axis=1), cfg.time_axis)
        count = jax.lax.psum(jnp.float32(nll.size), cfg.loss_axes)
        total = jax.lax.psum(per_series.sum(), cfg.loss_axes)
        return total / count

    def __call__(self, mesh, mu, sigma, target):
        cfg = self.config
        spec = P(cfg.batch_axis, cfg.time_axis)
        mu, sigma, target = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (mu, sigma, target))
        step = jax.shard_map(self.loss_fn, mesh=mesh, in_specs=(spec, spec, spec), out_specs=P())
        return step(mu, sigma, target)


def inputs():
    rng = np.random.default_rng(3)
    target = rng.normal(size=(8, 16)).astype(np.float32)
    mu = (target + 0.1 * rng.normal(size=(8, 16))).astype(np.float32)
    sigma = np.full((8, 16), 0.5, np.float32)
    return mu, sigma, target


def main(mu, sigma, target):
    cfg = TrainerConfig()
    mesh = jax.make_mesh((2, 4), (cfg.batch_axis, cfg.time_axis))
    return Trainer(cfg)(mesh, mu, sigma, target)


if __name__ == "__main__":
    print(main(*inputs()))
