"""CLAP-style audio-text pretraining: the trainer publishes similarity statistics each step."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class CLAPConfig:
    data_axis: str = "data"
    embed_axis: str = "embed"
    temperature: float = 0.07
    log_every: int = 1


class Hooks:
    def on_step_end(self, sims):
        return sims


class CLAPTrainer(Hooks):
    def __init__(self, mesh, cfg=CLAPConfig()):
        self.mesh = mesh
        self.cfg = cfg

    def _broadcast_stats(self, stat):
        return jax.lax.all_gather(stat, self.cfg.data_axis, tiled=True, to="invarying")

    def on_step_end(self, sims):
        per_pair = jax.lax.psum(sims, self.cfg.data_axis)
        return self._broadcast_stats(per_pair)

    def step_fn(self):
        spec = P(self.cfg.data_axis, self.cfg.embed_axis)
        out = P(None, self.cfg.embed_axis)
        return jax.jit(jax.shard_map(self.on_step_end, mesh=self.mesh, in_specs=spec, out_specs=out))


def inputs():
    rng = np.random.default_rng(0)
    return (rng.normal(size=(8, 16)).astype(np.float32),)


def main(sims):
    mesh = jax.make_mesh((2, 4), ("data", "embed"))
    trainer = CLAPTrainer(mesh)
    sims = jax.device_put(sims, NamedSharding(mesh, P("data", "embed")))
    return trainer.step_fn()(sims)


if __name__ == "__main__":
    main(*inputs())
