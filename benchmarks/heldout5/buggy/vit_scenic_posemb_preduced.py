"""A scenic-like ViT trainer: the position embedding is a shared (reduced) parameter."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class ViTConfig:
    patches: int = 16
    hidden: int = 8
    replica_axis: str = "replica"
    seq_axis: str = "seq"

    @property
    def axes(self):
        return (self.replica_axis, self.seq_axis)


class ViTEncoder:
    def __init__(self, config):
        self.config = config

    def embed(self, tokens, posemb):
        c = self.config
        # the embedding is replicated over replicas; mark it reduced so its grads get summed
        posemb = jax.lax.pcast(posemb, c.replica_axis, to="reduced")
        full = jax.lax.all_gather(posemb, c.axes, axis=0, tiled=True, to="reduced")
        return tokens @ full.T


def inputs():
    cfg = ViTConfig()
    mesh = jax.make_mesh((2, 4), cfg.axes)
    tokens = jax.random.normal(jax.random.key(10), (8, cfg.patches))
    posemb = jax.random.normal(jax.random.key(11), (cfg.patches, cfg.patches)) * 0.02
    tokens = jax.device_put(tokens, NamedSharding(mesh, P(cfg.axes)))
    posemb = jax.device_put(posemb, NamedSharding(mesh, P(cfg.seq_axis)))
    return cfg, mesh, tokens, posemb


def main(cfg, mesh, tokens, posemb):
    enc = ViTEncoder(cfg)
    return jax.shard_map(enc.embed, mesh=mesh, in_specs=(P(cfg.axes), P(cfg.seq_axis)),
                         out_specs=P(cfg.axes))(tokens, posemb)
