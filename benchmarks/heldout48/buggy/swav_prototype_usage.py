"""SwAV prototype usage: the assignment of each sample is joined over prototype shards, and the
usage of each prototype averaged over the data shards."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class UsageConfig:
    data_axis: str = "dp"
    proto_axis: str = "proto"

    @classmethod
    def from_mesh(cls, mesh):
        return cls(*mesh.axis_names)


class PrototypeUsage:
    def __init__(self, cfg: UsageConfig):
        self.cfg = cfg

    def __call__(self, codes):
        full = jax.lax.all_gather(codes, self.cfg.proto_axis, axis=1, tiled=True, to="reduced")
        usage = jnp.sum(full, axis=0, keepdims=True)
        return jax.lax.pmean(usage, self.cfg.data_axis)


def inputs():
    return (np.random.default_rng(45).uniform(size=(16, 8)).astype(np.float32),)


def main(codes):
    mesh = jax.make_mesh((4, 2), ("dp", "proto"))
    codes = jax.device_put(codes, NamedSharding(mesh, P("dp", "proto")))
    usage = PrototypeUsage(UsageConfig.from_mesh(mesh))
    return jax.shard_map(usage, mesh=mesh, in_specs=P("dp", "proto"), out_specs=P(None, None))(codes)


if __name__ == "__main__":
    main(*inputs())
