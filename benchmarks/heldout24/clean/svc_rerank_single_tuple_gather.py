"""Second-stage reranker: candidate features pooled from every index shard."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class CandidatePool:
    axes = ("shard", "replica")

    def __init__(self, mesh):
        self.mesh = mesh

    def _collect(self, feats):
        return jax.lax.all_gather(feats, self.axes[0], axis=0, tiled=True, to="reduced")

    def _dedupe(self, pooled):
        return jax.lax.all_gather(pooled, self.axes, axis=1, tiled=True, to="reduced")

    def build(self, feats, weights):
        return self._dedupe(jnp.tanh(feats @ weights))

    def __call__(self, feats, weights):
        fn = jax.shard_map(self.build, mesh=self.mesh,
                           in_specs=(P("shard", "replica"), P("replica", None)),
                           out_specs=P(None, None, reduced={"shard", "replica"}))
        return fn(feats, weights)


def inputs():
    rng = np.random.default_rng(11)
    return (rng.standard_normal((16, 8)).astype(np.float32),
            rng.standard_normal((8, 6)).astype(np.float32))


def main(feats, weights):
    mesh = jax.make_mesh((4, 2), ("shard", "replica"))
    feats = jax.device_put(feats, NamedSharding(mesh, P("shard", "replica")))
    weights = jax.device_put(weights, NamedSharding(mesh, P("replica", None)))
    return CandidatePool(mesh)(feats, weights)


if __name__ == "__main__":
    print(main(*inputs()))
