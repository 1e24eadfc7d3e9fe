"""Average document length for BM25, the term-frequency matrix sharded docs x terms."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class BM25Params:
    k1: float = 0.9
    b: float = 0.4
    doc_axis: str = "docs"
    term_axis: str = "terms"


class LengthStats:
    def __init__(self, params: BM25Params = BM25Params()):
        self.params = params

    def collection_length(self, tf):
        per_doc = jnp.sum(tf, axis=0, keepdims=True)
        return jax.lax.psum(per_doc, self.params.doc_axis)

    def publish(self, tf):
        total = self.collection_length(tf)
        return jax.lax.all_gather(total, self.params.doc_axis, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(60)
    return (rng.poisson(0.6, size=(8, 32)).astype(np.float32),)


def main(tf):
    mesh = jax.make_mesh((2, 4), ("docs", "terms"))
    stats = LengthStats()
    tf = jax.device_put(tf, NamedSharding(mesh, P("docs", "terms")))
    fn = jax.shard_map(
        stats.publish,
        mesh=mesh,
        in_specs=P("docs", "terms"),
        out_specs=P(None, "terms", reduced={"docs"}),
    )
    return fn(tf)


if __name__ == "__main__":
    main(*inputs())
