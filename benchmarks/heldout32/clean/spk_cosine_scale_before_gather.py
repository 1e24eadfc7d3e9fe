"""Cosine scoring of test embeddings against the enrolled set, with the AAM scale applied."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SCORING = {"scale": 30.0, "axes": ("utt", "embed")}


class CosineScorer:
    def __init__(self, config):
        self.config = config
        self.utt_axis, self.embed_axis = config["axes"]

    def similarities(self, emb):
        unit = emb * jax.lax.rsqrt(jax.lax.psum(jnp.sum(emb * emb, axis=1, keepdims=True), self.embed_axis))
        return jax.lax.all_gather(unit, self.embed_axis, axis=1, tiled=True, to="reduced")

    def __call__(self, emb):
        logits = self.similarities(emb * self.config["scale"])
        return jnp.max(logits, axis=1)


def inputs():
    rng = np.random.default_rng(34)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(emb):
    scorer = CosineScorer(SCORING)
    mesh = jax.make_mesh((2, 4), SCORING["axes"])
    emb = jax.device_put(emb, NamedSharding(mesh, P(*SCORING["axes"])))
    return jax.shard_map(scorer, mesh=mesh, in_specs=P(*SCORING["axes"]),
                         out_specs=P(scorer.utt_axis))(emb)


if __name__ == "__main__":
    print(main(*inputs()))
