"""Trainer config as a dataclass whose axis lists come from field(default_factory=...)."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class ParallelConfig:
    mesh_shape: tuple = (4, 2)
    axis_names: tuple = ("data", "model")
    grad_sync_axes: list = dataclasses.field(default_factory=lambda: ["data"])
    log_axes: list = dataclasses.field(default_factory=lambda: ["data"])


def make_step(cfg):
    def step(grad):
        synced = jax.lax.psum(grad, tuple(cfg.grad_sync_axes))
        logged = jax.lax.all_gather(synced, tuple(cfg.log_axes), axis=0, tiled=True, to="reduced")
        return synced, logged
    return step


def inputs():
    return (np.random.default_rng(16).normal(size=(16, 8)).astype(np.float32),)


def main(grad):
    cfg = ParallelConfig()
    mesh = jax.make_mesh(cfg.mesh_shape, cfg.axis_names)
    fn = jax.shard_map(make_step(cfg), mesh=mesh, in_specs=P("data", "model"),
                       out_specs=(P(None, "model"), P(None, "model", reduced={"data"})))
    return fn(jax.device_put(grad, NamedSharding(mesh, P("data", "model"))))


if __name__ == "__main__":
    main(*inputs())
