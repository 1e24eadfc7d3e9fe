"""Centroid assignment counts while building a PLAID-style residual codec."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class CodecConfig:
    num_centroids: int = 8
    nbits: int = 2
    batch_axis: str = "batch"
    token_axis: str = "token"


class ResidualCodec:
    def __init__(self, cfg: CodecConfig, centroids):
        self.cfg = cfg
        self.centroids = centroids

    def assign(self, doc_embs):
        scores = jnp.einsum("btd,cd->btc", doc_embs, self.centroids)
        return jnp.argmax(scores, axis=-1)

    def centroid_histogram(self, doc_embs):
        codes = self.assign(doc_embs)
        onehot = jax.nn.one_hot(codes, self.cfg.num_centroids)
        counts = jax.lax.psum(jnp.sum(onehot, axis=(0, 1)), self.cfg.batch_axis)
        return jax.lax.all_gather(counts, self.cfg.batch_axis, to="reduced")


def inputs():
    rng = np.random.default_rng(50)
    doc_embs = rng.standard_normal((8, 16, 4), dtype=np.float32)
    centroids = rng.standard_normal((8, 4), dtype=np.float32)
    return doc_embs, centroids


def main(doc_embs, centroids):
    mesh = jax.make_mesh((2, 4), ("batch", "token"))
    codec = ResidualCodec(CodecConfig(), jnp.asarray(centroids))
    spec = P("batch", "token", None)
    doc_embs = jax.device_put(doc_embs, NamedSharding(mesh, spec))
    fn = jax.shard_map(
        codec.centroid_histogram,
        mesh=mesh,
        in_specs=spec,
        out_specs=P(None, "token", reduced={"batch"}),
    )
    return fn(doc_embs)


if __name__ == "__main__":
    main(*inputs())
