"""Gibbs sweeps in lax.scan: each sweep rotates the shared topic proportions around the doc ring."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DOCS = "docs"
N_SWEEPS = 3


def gibbs(doc_topic):
    n = jax.lax.axis_size(DOCS)
    ring = [(i, (i + 1) % n) for i in range(n)]
    theta = jax.lax.all_gather(doc_topic.mean(axis=0), DOCS, to="reduced")

    def sweep(local, _):
        neighbour = jax.lax.ppermute(theta, DOCS, ring)
        local = 0.9 * local + 0.1 * neighbour[:local.shape[0]]
        return local, local.sum()

    final, _ = jax.lax.scan(sweep, doc_topic, None, length=N_SWEEPS)
    return final


def inputs():
    rng = np.random.default_rng(67)
    return (rng.uniform(0, 1, (16, 4)).astype(np.float32),)


def main(doc_topic):
    mesh = jax.make_mesh((8,), (DOCS,))
    doc_topic = jax.device_put(doc_topic, NamedSharding(mesh, P(DOCS)))
    fn = jax.shard_map(gibbs, mesh=mesh, in_specs=P(DOCS), out_specs=P(DOCS))
    return fn(doc_topic)


if __name__ == "__main__":
    print(main(*inputs()))
