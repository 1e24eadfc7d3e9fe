"""Row norms of a tied embedding table, summed over the data-parallel copies."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class EmbeddingConfig:
    share_all_embeddings: bool = True
    vocab_size: int = 32
    embed_dim: int = 16
    model_axis: str = "model"
    data_axis: str = "data"


class SharedEmbedding:
    def __init__(self, cfg: EmbeddingConfig):
        self.cfg = cfg

    def tied_embedding_stats(self, table, axis):
        rows = jax.lax.all_gather(table, axis, axis=1, tiled=True, to="reduced")
        row_l1 = jnp.sum(jnp.abs(rows), axis=1)
        return jax.lax.psum(row_l1, self.cfg.data_axis)

    def body(self):
        return functools.partial(self.tied_embedding_stats, axis=self.cfg.model_axis)


def inputs():
    rng = np.random.default_rng(2)
    return (rng.standard_normal((32, 16), dtype=np.float32),)


def main(table):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    emb = SharedEmbedding(EmbeddingConfig())
    table = jax.device_put(table, NamedSharding(mesh, P("data", "model")))
    stats = jax.shard_map(
        emb.body(),
        mesh=mesh,
        in_specs=P("data", "model"),
        out_specs=P(None, reduced={"model"}),
    )
    return stats(table)


if __name__ == "__main__":
    main(*inputs())
