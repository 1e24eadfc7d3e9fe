"""Processor block with a mesh-wide RMS normalisation of the node latents."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class ProcessorConfig:
    node_axis: str = "nodes"
    channel_axis: str = "channels"
    norm_over: tuple = ("nodes",)
    num_message_passing_steps: int = 2
    eps: float = 1e-5


class Processor:
    def __init__(self, config):
        self.config = config

    def channel_energy(self, latents):
        return jax.lax.psum(jnp.sum(latents ** 2, axis=1), self.config.channel_axis)

    def rms(self, latents):
        energy = self.channel_energy(latents)
        mean_energy = jax.lax.pmean(energy.mean(), self.config.norm_over)
        return jnp.sqrt(mean_energy + self.config.eps)

    def __call__(self, latents, adjacency):
        for _ in range(self.config.num_message_passing_steps):
            latents = latents + jnp.tanh(adjacency @ latents)
            latents = latents / self.rms(latents)
        return latents


def inputs():
    rng = np.random.default_rng(14)
    latents = rng.normal(size=(12, 8)).astype(np.float32)
    adjacency = (rng.random(size=(3, 3)) < 0.5).astype(np.float32)
    return latents, adjacency


def main(latents, adjacency):
    config = ProcessorConfig()
    mesh = jax.make_mesh((4, 2), (config.node_axis, config.channel_axis))
    spec = P(config.node_axis, config.channel_axis)
    latents = jax.device_put(latents, NamedSharding(mesh, spec))
    adjacency = jax.device_put(adjacency, NamedSharding(mesh, P()))
    step = jax.shard_map(Processor(config), mesh=mesh, in_specs=(spec, P()), out_specs=spec)
    return jax.jit(step)(latents, adjacency)


if __name__ == "__main__":
    print(main(*inputs()).shape)
