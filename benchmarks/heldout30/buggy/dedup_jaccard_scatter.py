"""Candidate-pair statistics: per-document signature mass over the pooled signatures, scattered back."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def jaccard_step(axis):
    def pooled(sig):
        return jax.lax.all_gather(sig, axis, tiled=True, to="reduced")

    def body(sig):
        all_sigs = pooled(sig)
        counts = jax.lax.psum_scatter(all_sigs.sum(axis=1), axis, tiled=True)
        return counts

    return body


def inputs():
    rng = np.random.default_rng(157)
    return (rng.integers(0, 50, (16, 8)).astype(np.float32),)


def main(sig):
    mesh = jax.make_mesh((8,), ("docs",))
    sig = jax.device_put(sig, NamedSharding(mesh, P("docs")))
    fn = jax.shard_map(jaccard_step("docs"), mesh=mesh, in_specs=P("docs"), out_specs=P("docs"))
    return fn(sig)


if __name__ == "__main__":
    print(main(*inputs()))
