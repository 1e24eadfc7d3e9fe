"""Cost-model scoring of kernel tiling candidates; candidates x features on the mesh."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CAND, FEAT = "cand", "feat"
SYNC = {
    "reduced": functools.partial(jax.lax.all_gather, axis_name=CAND, to="reduced", tiled=True),
    "replicated": functools.partial(jax.lax.all_gather, axis_name=CAND, tiled=True),
}


def score(features, weights):
    partial_latency = features @ weights
    lo = jax.lax.pmin(partial_latency.min(), CAND)
    hi = jax.lax.pmax(partial_latency.max(), CAND)
    normalised = (partial_latency - lo) / (hi - lo)
    ranges = SYNC["reduced"](jnp.stack([lo, hi]))
    return jax.lax.psum(normalised, FEAT), ranges


def inputs():
    rng = np.random.default_rng(30)
    feats = rng.uniform(size=(64, 16)).astype(np.float32)
    w = rng.normal(size=(16,)).astype(np.float32)
    return feats, w


def main(feats, w):
    mesh = jax.make_mesh((4, 2), (CAND, FEAT))
    feats = jax.device_put(feats, NamedSharding(mesh, P(CAND, FEAT)))
    w = jax.device_put(w, NamedSharding(mesh, P(FEAT)))
    return jax.shard_map(score, mesh=mesh, in_specs=(P(CAND, FEAT), P(FEAT)),
                         out_specs=(P(CAND), P(FEAT, reduced={CAND})))(feats, w)


if __name__ == "__main__":
    scores, ranges = main(*inputs())
    print(jnp.argmin(scores))
