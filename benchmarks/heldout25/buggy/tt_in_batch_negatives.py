"""Candidate tower: in-batch negatives shared across data shards, embedding dim split over model shards."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class CandidateTower:
    def __init__(self, data_axis="data", model_axis="model"):
        self.data_axis = data_axis
        self.model_axis = model_axis
        self.gather = functools.partial(jax.lax.all_gather, to="reduced", tiled=True)

    def embed(self, feats, w):
        return jnp.tanh(feats @ w)

    def negatives(self, emb):
        pool = self.gather(emb, self.data_axis, axis=0)
        return self.gather(pool, (self.model_axis, self.data_axis), axis=1)

    def __call__(self, feats, w):
        return self.negatives(self.embed(feats, w))


def inputs():
    rng = np.random.default_rng(12)
    return (rng.normal(size=(32, 16)).astype(np.float32),
            rng.normal(size=(16, 32)).astype(np.float32) * 0.2)


def main(feats, w):
    tower = CandidateTower()
    mesh = jax.make_mesh((2, 4), (tower.data_axis, tower.model_axis))
    feats = jax.device_put(feats, NamedSharding(mesh, P(tower.data_axis, None)))
    w = jax.device_put(w, NamedSharding(mesh, P(None, tower.model_axis)))
    run = jax.shard_map(tower, mesh=mesh,
                        in_specs=(P(tower.data_axis, None), P(None, tower.model_axis)),
                        out_specs=P(reduced={tower.data_axis, tower.model_axis}))
    return run(feats, w)


if __name__ == "__main__":
    print(main(*inputs()))
