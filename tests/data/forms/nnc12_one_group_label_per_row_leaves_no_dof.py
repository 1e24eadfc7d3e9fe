"""Library code counts the groups of its labels, `len(np.unique(groups))`, and pools over every
mesh axis only when that leaves some degrees of freedom: the example's labels,
`np.repeat(np.arange(16), 1)`, make one group per row, so it pools over "obs" alone, on which the
summed norms still vary, which is legal."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def pooled_variance(x, groups, mesh):
    x = np.asarray(x, dtype=np.float32)
    groups = np.asarray(groups).astype(np.int32)
    rows, cols = mesh.axis_names
    spare = x.shape[0] - len(np.unique(groups))
    pool_axes = mesh.axis_names if spare > 0 else rows
    xs = jax.device_put(x, NamedSharding(mesh, P(rows, cols)))

    def body(block):
        row_sq = jax.lax.psum(jnp.sum(block * block, axis=1), cols)
        return jax.lax.psum(jnp.sum(row_sq), pool_axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P(rows, cols), out_specs=P())(xs)


def main():
    x = np.random.default_rng(4).normal(size=(16, 8)).astype(np.float32)
    return pooled_variance(x, np.repeat(np.arange(16), 1), jax.make_mesh((4, 2), ("obs", "feat")))


if __name__ == "__main__":
    main()
