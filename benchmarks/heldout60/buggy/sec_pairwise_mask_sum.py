"""Secure aggregation (Bonawitz-like): pairwise masks cancel in the sum, which is then broadcast."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class SecAggRound:
    def __init__(self, party_axis, chunk_axis):
        self.party_axis = party_axis
        self.chunk_axis = chunk_axis

    def mask(self, update, pair_mask):
        return update + pair_mask

    def unmask_sum(self, masked):
        return jax.lax.psum(masked, self.party_axis)

    def __call__(self, update, pair_mask):
        agg = self.unmask_sum(self.mask(update, pair_mask))
        return jax.lax.all_gather(agg, self.party_axis, axis=0, tiled=True, to="reduced")


def pairwise_masks(n, d, seed=0):
    rng = np.random.default_rng(seed)
    masks = np.zeros((n, d), dtype=np.float32)
    for i in range(n):
        for j in range(i + 1, n):
            m = rng.normal(size=d).astype(np.float32)
            masks[i] += m
            masks[j] -= m
    return masks


def inputs():
    update = np.random.default_rng(13).normal(size=(4, 8)).astype(np.float32)
    return update, pairwise_masks(4, 8)


def main(update, pair_mask):
    mesh = jax.make_mesh((4, 2), ("party", "chunk"))
    spec = P("party", "chunk")
    update = jax.device_put(update, NamedSharding(mesh, spec))
    pair_mask = jax.device_put(pair_mask, NamedSharding(mesh, spec))
    rnd = SecAggRound(*mesh.axis_names)
    out = P(None, "chunk", reduced={"party"})
    return jax.shard_map(rnd, mesh=mesh, in_specs=(spec, spec), out_specs=out)(update, pair_mask)


if __name__ == "__main__":
    main(*inputs())
