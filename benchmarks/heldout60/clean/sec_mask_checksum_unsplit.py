"""A checksum of the masked upload, compared across parties before unmasking."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class SecAggConfig:
    party_axis: str = "party"
    chunk_axis: str = "chunk"

    @property
    def axes(self):
        return (self.party_axis, self.chunk_axis)


def chunk_checksum(masked, cfg):
    return jax.lax.psum(jnp.sum(masked), cfg.chunk_axis)


def global_checksum(masked, cfg=SecAggConfig()):
    per_device = jnp.sum(masked)
    return jax.lax.psum(per_device, cfg.axes)


def inputs():
    return (np.random.default_rng(15).normal(size=(8, 8)).astype(np.float32),)


def main(masked):
    cfg = SecAggConfig()
    mesh = jax.make_mesh((4, 2), cfg.axes)
    masked = jax.device_put(masked, NamedSharding(mesh, P(*cfg.axes)))
    return jax.shard_map(global_checksum, mesh=mesh, in_specs=P(*cfg.axes), out_specs=P())(masked)


if __name__ == "__main__":
    main(*inputs())
