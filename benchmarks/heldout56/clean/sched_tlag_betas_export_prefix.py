"""Export a scheduler's sharded tables to the layout the sampler service reads."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class SchedulerLayouts(NamedTuple):
    train: P = P(("data", "model"))
    serve: P = P("data", reduced={"model"})


LAYOUTS = SchedulerLayouts()


class DDPMScheduler:
    def __init__(self, num_train_timesteps=64, beta_start=1e-4, beta_end=0.02):
        self.num_train_timesteps = num_train_timesteps
        self.betas = np.linspace(beta_start, beta_end, num_train_timesteps, dtype=np.float32)

    def place(self, mesh):
        return jax.device_put(self.betas, NamedSharding(mesh, LAYOUTS.train))


def export_for_sampler(betas):
    served = top_level_all_gather(betas, LAYOUTS.serve)
    return served


def inputs():
    return (DDPMScheduler(),)


def main(scheduler):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    with jax.set_mesh(mesh):
        betas = scheduler.place(mesh)
        served = export_for_sampler(betas)
        alphas_cumprod = jnp.cumprod(1.0 - jax.reshard(served, P()))
    print(alphas_cumprod[-1])
    return alphas_cumprod


if __name__ == "__main__":
    main(*inputs())
