"""Masked updates are uploaded flat; the aggregator wants them laid out by chunk."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Aggregator:
    UPLOAD_SPEC = P(("party", "chunk"), None)
    COLLECT_SPEC = P("chunk", None, reduced={"party"})

    def __init__(self, mesh):
        self.mesh = mesh
        self.mask_fn = jax.jit(lambda u, m: u + m, out_shardings=NamedSharding(mesh, self.UPLOAD_SPEC))

    def upload(self, update, mask):
        return self.mask_fn(update, mask)

    def collect(self, masked):
        with jax.set_mesh(self.mesh):
            return top_level_all_gather(masked, self.COLLECT_SPEC)


def inputs():
    rng = np.random.default_rng(14)
    return rng.normal(size=(16, 4)).astype(np.float32), rng.normal(size=(16, 4)).astype(np.float32)


def main(update, mask):
    mesh = jax.make_mesh((4, 2), ("party", "chunk"))
    agg = Aggregator(mesh)
    return agg.collect(agg.upload(update, mask))


if __name__ == "__main__":
    main(*inputs())
