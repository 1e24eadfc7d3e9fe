"""Scaled token embeddings (sqrt(d_model)) of a transformer decoder."""
import math
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class DecoderConfig:
    embed_dim: int = 16
    no_scale_embedding: bool = False
    hidden_axis: str = "model"


class TransformerDecoderEmbedding:
    def __init__(self, cfg: DecoderConfig):
        self.cfg = cfg
        self.embed_scale = 1.0 if cfg.no_scale_embedding else math.sqrt(cfg.embed_dim)

    def __call__(self, token_embed, positions):
        x = jax.lax.all_gather(token_embed, self.cfg.hidden_axis, axis=2, tiled=True, to="reduced")
        x = self.embed_scale * x
        return jnp.mean(x, axis=-1) + positions


def inputs():
    rng = np.random.default_rng(5)
    token_embed = rng.standard_normal((8, 4, 16), dtype=np.float32)
    positions = np.tile(np.arange(4, dtype=np.float32), (8, 1))
    return token_embed, positions


def main(token_embed, positions):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    layer = TransformerDecoderEmbedding(DecoderConfig())
    token_embed = jax.device_put(token_embed, NamedSharding(mesh, P("data", None, "model")))
    positions = jax.device_put(positions, NamedSharding(mesh, P("data", None)))
    fwd = jax.shard_map(
        layer,
        mesh=mesh,
        in_specs=(P("data", None, "model"), P("data", None)),
        out_specs=P("data", None),
    )
    return fwd(token_embed, positions)


if __name__ == "__main__":
    main(*inputs())
