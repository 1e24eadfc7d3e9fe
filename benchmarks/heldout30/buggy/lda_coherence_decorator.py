"""UMass topic coherence, averaged over the mesh by a cross-shard decorator."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def cross_shard_mean(axes):
    def deco(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            value = fn(*args, **kwargs)
            return jax.lax.pmean(value, axes)
        return wrapper
    return deco


@cross_shard_mean(axes=("docs", "topics"))
def umass_coherence(co_doc, doc_freq):
    pair = jnp.log((co_doc + 1.0) / (doc_freq[:, None] + 1e-6))
    return jax.lax.psum(pair.sum(axis=1), "topics").mean()


def inputs():
    rng = np.random.default_rng(73)
    return (rng.integers(0, 6, (16, 8)).astype(np.float32),
            rng.integers(1, 9, (16,)).astype(np.float32))


def main(co_doc, doc_freq):
    mesh = jax.make_mesh((4, 2), ("docs", "topics"))
    co_doc = jax.device_put(co_doc, NamedSharding(mesh, P("docs", "topics")))
    doc_freq = jax.device_put(doc_freq, NamedSharding(mesh, P("docs")))
    fn = jax.shard_map(umass_coherence, mesh=mesh, in_specs=(P("docs", "topics"), P("docs")),
                       out_specs=P())
    return fn(co_doc, doc_freq)


if __name__ == "__main__":
    print(main(*inputs()))
