"""Scenic-like ViT: the position embedding is marked reduced over replicas, gathered over seq only."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class ViTConfig:
    replica_axis: str = "replica"
    seq_axis: str = "seq"


def embed(posemb, cfg=ViTConfig()):
    posemb = jax.lax.pcast(posemb, cfg.replica_axis, to="reduced")
    return jax.lax.all_gather(posemb, cfg.seq_axis, axis=0, tiled=True, to="reduced")


def inputs():
    cfg = ViTConfig()
    mesh = jax.make_mesh((2, 4), (cfg.replica_axis, cfg.seq_axis))
    posemb = jax.random.normal(jax.random.key(16), (16, 8)) * 0.02
    return mesh, jax.device_put(posemb, NamedSharding(mesh, P(cfg.seq_axis)))


def main(mesh, posemb):
    return jax.shard_map(embed, mesh=mesh, in_specs=P("seq"), out_specs=P(reduced={"replica", "seq"}))(posemb)
