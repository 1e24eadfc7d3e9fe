"""BM25 query-document scores from a scorer registry, with a mean term contribution for logging."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SCORERS = {}


def register_scorer(name):
    def wrap(cls):
        SCORERS[name] = cls
        return cls
    return wrap


@dataclass(frozen=True)
class BM25Config:
    k1: float = 1.2
    b: float = 0.75
    axes: tuple = ("docs", "terms")


@register_scorer("bm25")
class BM25Scorer:
    def __init__(self, cfg=BM25Config()):
        self.cfg = cfg

    def __call__(self, tf, idf, doclen, avgdl):
        k1, b = self.cfg.k1, self.cfg.b
        norm = k1 * (1 - b + b * doclen / avgdl)
        contrib = idf * tf * (k1 + 1) / (tf + norm)
        mean_contrib = jax.lax.pmean(jnp.mean(contrib), axis_name=self.cfg.axes)
        scores = jax.lax.psum(jnp.sum(contrib, axis=-1), self.cfg.axes[1])
        mean_score = mean_contrib * contrib.shape[-1] * 4
        return scores, mean_score


def inputs():
    rng = np.random.default_rng(64)
    tf = rng.poisson(0.8, size=(8, 32)).astype(np.float32)
    idf = np.log1p(rng.random((1, 32), dtype=np.float32) * 10)
    doclen = tf.sum(axis=1, keepdims=True) + 1.0
    avgdl = np.full((1, 1), doclen.mean(), np.float32)
    return tf, idf, doclen, avgdl


def main(tf, idf, doclen, avgdl):
    mesh = jax.make_mesh((2, 4), ("docs", "terms"))
    scorer = SCORERS["bm25"]()
    specs = (P("docs", "terms"), P(None, "terms"), P("docs", None), P(None, None))
    args = [jax.device_put(a, NamedSharding(mesh, s)) for a, s in zip((tf, idf, doclen, avgdl), specs)]
    fn = jax.shard_map(scorer, mesh=mesh, in_specs=specs, out_specs=(P("docs"), P()))
    return fn(*args)


if __name__ == "__main__":
    main(*inputs())
