"""Profile frequencies with pseudocounts, accumulated over alignment blocks in a fori_loop."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def profile_with_pseudocounts(msa, *, seq_axis="seq", col_axis="col", n_blocks=2, pseudocount=0.5):
    oh = jax.nn.one_hot(msa, 21)
    rows = oh.shape[0] // n_blocks

    def add_block(i, acc):
        block = jax.lax.dynamic_slice_in_dim(oh, i * rows, rows, axis=0)
        return acc + block.sum(axis=0)

    counts = jax.lax.fori_loop(0, n_blocks, add_block, jnp.zeros_like(oh[0]))
    counts = jax.lax.psum(counts, seq_axis)
    counts = counts + pseudocount
    return jax.lax.all_gather(counts, col_axis, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(35)
    return (rng.integers(0, 21, size=(32, 16)).astype(np.int32),)


def main(msa):
    mesh = jax.make_mesh((4, 2), ("seq", "col"))
    msa = jax.device_put(msa, NamedSharding(mesh, P("seq", "col")))
    f = jax.shard_map(lambda m: profile_with_pseudocounts(m, pseudocount=1.0), mesh=mesh,
                      in_specs=P("seq", "col"), out_specs=P(None, None, reduced={"col"}))
    return f(msa)


if __name__ == "__main__":
    main(*inputs())
