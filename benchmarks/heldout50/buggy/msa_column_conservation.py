"""Column conservation scores of a multiple sequence alignment (one-hot residues, 21 states)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ALPHABET = "ACDEFGHIKLMNPQRSTVWY-"


class ProfileBuilder:
    seq_axis = "seq"
    col_axis = "col"

    @staticmethod
    def one_hot(msa):
        return jax.nn.one_hot(msa, len(ALPHABET))

    @classmethod
    def counts(cls, msa):
        per_shard = cls.one_hot(msa).sum(axis=0)
        return jax.lax.psum(per_shard, cls.seq_axis)

    @classmethod
    def publish(cls, msa):
        counts = cls.counts(msa)
        return jax.lax.all_gather(counts, cls.seq_axis, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(30)
    return (rng.integers(0, len(ALPHABET), size=(64, 16)).astype(np.int32),)


def main(msa):
    mesh = jax.make_mesh((4, 2), (ProfileBuilder.seq_axis, ProfileBuilder.col_axis))
    spec = P(ProfileBuilder.seq_axis, ProfileBuilder.col_axis)
    msa = jax.device_put(msa, NamedSharding(mesh, spec))
    f = jax.shard_map(ProfileBuilder.publish, mesh=mesh, in_specs=spec,
                      out_specs=P(ProfileBuilder.col_axis, None, reduced={ProfileBuilder.seq_axis}))
    return f(msa)


if __name__ == "__main__":
    main(*inputs())
