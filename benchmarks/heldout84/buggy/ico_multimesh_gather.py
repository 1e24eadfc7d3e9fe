"""Processor on a multi-mesh: latents are gathered stage by stage before the decoder reads them."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class MultiMeshConfig:
    splits: int = 1
    latent_size: int = 8
    mesh_axes: tuple = ("nodes", "channels")
    # Gathers before the mesh-to-grid decoder: first the channel shards of each node, then
    # every node of the finest refinement level.
    gather_schedule: tuple = (("channels",), ("nodes", "channels"))


def refine_latents(latents, level):
    return latents * (0.5 ** level) + jnp.tanh(latents)


def gather_for_decoder(latents, config):
    for dim, axes in enumerate(config.gather_schedule):
        latents = jax.lax.all_gather(latents, axes, axis=1 - dim, tiled=True, to="reduced")
    return latents


def processor(config):
    def apply(latents):
        for level in range(config.splits + 1):
            latents = refine_latents(latents, level)
        return gather_for_decoder(latents, config)
    return apply


def inputs():
    rng = np.random.default_rng(11)
    return (rng.normal(size=(12, 8)).astype(np.float32),)


def main(latents):
    config = MultiMeshConfig()
    mesh = jax.make_mesh((4, 2), config.mesh_axes)
    spec = P(*config.mesh_axes)
    latents = jax.device_put(latents, NamedSharding(mesh, spec))
    step = jax.shard_map(processor(config), mesh=mesh, in_specs=spec,
                         out_specs=P(None, None, reduced=set(config.mesh_axes)))
    return jax.jit(step)(latents)


if __name__ == "__main__":
    print(main(*inputs()).shape)
