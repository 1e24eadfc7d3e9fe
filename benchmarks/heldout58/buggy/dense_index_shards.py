"""Passage embeddings added to a flat inner-product index laid out by shard."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class DenseFlatIndex:
    index_spec = P("shard", None)

    def __init__(self, dim):
        self.dim = dim
        self.blocks = []

    def add(self, embeddings):
        self.blocks.append(top_level_all_gather(embeddings, self.index_spec))
        return self

    def search(self, query, k=3):
        scores = jax.reshard(jnp.concatenate(self.blocks) @ query, P(None))
        return jax.lax.top_k(scores, k)


MESH = jax.make_mesh((2, 4), ("replica", "shard"))
ENCODE_SPEC = P(("replica", "shard"), None)


def encode_passages(n):
    rng = np.random.default_rng(43)
    emb = rng.standard_normal((n, 16), dtype=np.float32)
    return jax.device_put(emb, NamedSharding(MESH, ENCODE_SPEC))


def inputs():
    return encode_passages(16), np.ones(16, np.float32)


def main(embeddings, query):
    with jax.set_mesh(MESH):
        index = DenseFlatIndex(dim=16).add(embeddings)
        return index.search(query)


if __name__ == "__main__":
    main(*inputs())
