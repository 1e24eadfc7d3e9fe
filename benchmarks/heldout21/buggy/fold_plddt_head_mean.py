"""pLDDT confidence head: per-residue lDDT bins to a chain-level confidence."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NUM_BINS = 50


class PLDDTHead:
    residue_axis = "res"
    batch_axis = "batch"

    def __init__(self, w):
        self.w = w
        centers = (np.arange(NUM_BINS, dtype=np.float32) + 0.5) / NUM_BINS
        self.centers = centers * 100.0

    def per_residue(self, single):
        logits = single @ self.w
        probs = jax.nn.softmax(logits, axis=-1)
        return probs @ self.centers

    def chain_mean(self, plddt):
        full = jax.lax.all_gather(plddt, self.residue_axis, axis=1, tiled=True, to="reduced")
        return jax.lax.psum(jnp.sum(full, axis=1), self.residue_axis)

    def __call__(self, single):
        return self.chain_mean(self.per_residue(single))


def inputs():
    rng = np.random.default_rng(9)
    single = rng.standard_normal((2, 32, 16)).astype(np.float32)
    w = (0.1 * rng.standard_normal((16, NUM_BINS))).astype(np.float32)
    return single, w


def main(single, w):
    mesh = jax.make_mesh((2, 4), (PLDDTHead.batch_axis, PLDDTHead.residue_axis))
    spec = P(PLDDTHead.batch_axis, PLDDTHead.residue_axis, None)
    single = jax.device_put(single, NamedSharding(mesh, spec))
    head = PLDDTHead(jnp.asarray(w))
    fn = jax.shard_map(head, mesh=mesh, in_specs=spec, out_specs=P(PLDDTHead.batch_axis))
    return fn(single)


if __name__ == "__main__":
    print(main(*inputs()))
