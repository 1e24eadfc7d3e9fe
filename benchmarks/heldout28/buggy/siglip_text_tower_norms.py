"""SigLIP text tower: L2-normalised pooled embeddings, the norm shared by mixins."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ShardedNormMixin:
    embed_axis = "model"

    def squared_norm(self, x):
        return jax.lax.psum(jnp.sum(x * x, axis=-1, keepdims=True), self.embed_axis)


class NormStatsMixin:
    def norm_table(self, sq):
        return jax.lax.all_gather(sq, self.embed_axis, axis=1, tiled=True, to="reduced")


class TextTower(ShardedNormMixin, NormStatsMixin):
    batch_axis = "data"

    def __init__(self, mesh, eps=1e-6):
        self.mesh = mesh
        self.eps = eps

    def pool(self, tokens):
        pooled = tokens.mean(axis=1)
        sq = self.squared_norm(pooled)
        stats = self.norm_table(sq)
        return pooled * jax.lax.rsqrt(sq + self.eps), stats

    def __call__(self, tokens):
        return jax.shard_map(
            self.pool, mesh=self.mesh,
            in_specs=P(self.batch_axis, None, self.embed_axis),
            out_specs=(P(self.batch_axis, self.embed_axis),
                       P(self.batch_axis, None, reduced={self.embed_axis})),
        )(tokens)


def inputs():
    rng = np.random.default_rng(1)
    return (rng.normal(size=(8, 5, 16)).astype(np.float32),)


def main(tokens):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    tokens = jax.device_put(tokens, NamedSharding(mesh, P("data", None, "model")))
    return TextTower(mesh)(tokens)


if __name__ == "__main__":
    emb, stats = main(*inputs())
    print(emb.shape, stats.shape)
