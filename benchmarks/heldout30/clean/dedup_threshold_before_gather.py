"""Keep-mask of the deduplicator: thresholded per band shard, then pooled."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Deduplicator:
    threshold = 0.8

    def __init__(self, mesh):
        self.doc_axis, self.band_axis = mesh.axis_names

    def max_similarity(self, sim):
        keep = (sim.max(axis=1) < self.threshold).astype(jnp.float32)
        return jax.lax.all_gather(keep, self.band_axis, to="reduced")

    def keep_mask(self, sim):
        pooled = self.max_similarity(sim)
        return jnp.min(pooled, axis=0)


def inputs():
    rng = np.random.default_rng(167)
    return (rng.uniform(size=(16, 8)).astype(np.float32),)


def main(sim):
    mesh = jax.make_mesh((4, 2), ("docs", "bands"))
    dedup = Deduplicator(mesh)
    sim = jax.device_put(sim, NamedSharding(mesh, P("docs", "bands")))
    fn = jax.shard_map(dedup.keep_mask, mesh=mesh, in_specs=P("docs", "bands"),
                       out_specs=P("docs"))
    return fn(sim)


if __name__ == "__main__":
    print(main(*inputs()))
