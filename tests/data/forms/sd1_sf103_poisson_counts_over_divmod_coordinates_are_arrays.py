"""A grid's coordinates come from `np.divmod(np.arange(16), 4)` (two arrays of 16, the broadcast
shape of the operands), and counts are drawn with `rng.poisson` of a pattern built from them: a
parameter of rank 1 or more gives an array of draws, not a Python number, so `.astype` works and
the program reaches the body, whose loop count is read off a matrix's shape (nc10): the psum of
the gathered iterate is found by running the script."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def grid_counts(rng, width=4):
    rows, cols = np.divmod(np.arange(16), width)
    pattern = np.sin(cols / 2.0)[:, None] + np.cos(rows / 2.0)[:, None] * np.linspace(0, 1, 8)[None]
    return rng.poisson(np.exp(pattern)).astype(np.float32)


def solve(q, b, mesh):
    steps = q.shape[0]
    (axis,) = mesh.axis_names
    b_s = jax.device_put(np.asarray(b, np.float32), NamedSharding(mesh, P(axis)))

    def body(b_blk):
        x = b_blk
        for i in range(steps):
            if i == 1:
                x = jax.lax.all_gather(x, axis, tiled=True, to="reduced")[:2]
        return jax.lax.psum(jnp.sum(x * x), axis)  # SF103

    return jax.shard_map(body, mesh=mesh, in_specs=P(axis), out_specs=P())(b_s)


def main():
    rng = np.random.default_rng(0)
    counts = grid_counts(rng)
    q = np.eye(16, dtype=np.float32)
    print(counts.shape)
    return solve(q, np.ones(16, np.float32), jax.make_mesh((8,), ("dev",)))


if __name__ == "__main__":
    main()
