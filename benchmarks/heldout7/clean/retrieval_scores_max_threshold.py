"""Retrieval: gathered scores reduced to their max with jnp.max, then compared with a threshold."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

THRESHOLD = 0.5


class Retriever:
    axis = "docs"

    def scores(self, q, d):
        return jax.lax.all_gather(q @ d.T, self.axis, axis=1, tiled=True, to="reduced")

    def hits(self, q, d):
        best = jnp.max(self.scores(q, d), axis=-1)
        return best > THRESHOLD


def inputs():
    rng = np.random.default_rng(118)
    return rng.normal(size=(4, 8)).astype(np.float32), rng.normal(size=(32, 8)).astype(np.float32)


def main(q, d):
    mesh = jax.make_mesh((8,), (Retriever.axis,))
    q = jax.device_put(q, NamedSharding(mesh, P()))
    d = jax.device_put(d, NamedSharding(mesh, P(Retriever.axis, None)))
    return jax.shard_map(Retriever().hits, mesh=mesh, in_specs=(P(), P(Retriever.axis, None)),
                         out_specs=P())(q, d)


if __name__ == "__main__":
    print(main(*inputs()))
