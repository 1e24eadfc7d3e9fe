"""PPO rollout storage: observations collected by a jitted builder, exported for the learner view."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class MeshConfig(NamedTuple):
    env_axis: str = "env"
    model_axis: str = "model"
    shape: tuple = (4, 2)


def make_collect_fn(mesh, cfg):
    rollout_sharding = NamedSharding(mesh, P((cfg.env_axis, cfg.model_axis), None))

    def collect(obs, noise):
        return jnp.tanh(obs + 0.1 * noise)

    return jax.jit(collect, out_shardings=rollout_sharding)


class RolloutStorage:
    def __init__(self, mesh, cfg):
        self.mesh = mesh
        self.cfg = cfg
        self.collect = make_collect_fn(mesh, cfg)
        self.obs = None

    def add(self, obs, noise):
        self.obs = self.collect(obs, noise)
        return self

    def export(self):
        learner_spec = P(self.cfg.model_axis, None)
        return top_level_all_gather(self.obs, learner_spec)


def inputs():
    rng = np.random.default_rng(3)
    obs = rng.normal(size=(16, 5)).astype(np.float32)
    noise = rng.normal(size=(16, 5)).astype(np.float32)
    return obs, noise


def main(obs, noise):
    cfg = MeshConfig()
    mesh = jax.make_mesh(cfg.shape, (cfg.env_axis, cfg.model_axis))
    storage = RolloutStorage(mesh, cfg).add(obs, noise)
    with jax.set_mesh(mesh):
        view = storage.export()
    return view


if __name__ == "__main__":
    main(*inputs())
