"""Library code counts the groups of its labels, `len(np.unique(groups))`, and centres each group
(`for g in np.unique(groups):`), where the example's labels are `np.repeat(np.arange(4), 4)`.
Pooled over "obs" the row norms, already summed over "feat", still vary (legal); pooled over every
mesh axis they mix a varying and an invariant axis: JAX rejects that psum."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def _centre_by_group(x, groups):
    out = np.empty_like(x)
    for g in np.unique(groups):
        sel = groups == g
        out[sel] = x[sel] - x[sel].mean(axis=0)
    return out


def pooled_variance(x, groups, mesh, pool_axes=None):
    x = np.asarray(x, dtype=np.float32)
    groups = np.asarray(groups).astype(np.int32)
    dof = (x.shape[0] - len(np.unique(groups))) * x.shape[1]
    if pool_axes is None:
        pool_axes = mesh.axis_names
    rows, cols = mesh.axis_names
    xs = jax.device_put(_centre_by_group(x, groups), NamedSharding(mesh, P(rows, cols)))

    def body(block):
        row_sq = jax.lax.psum(jnp.sum(block * block, axis=1), cols)
        return jax.lax.psum(jnp.sum(row_sq), pool_axes) / dof  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P(rows, cols), out_specs=P())(xs)


def main():
    x = np.random.default_rng(4).normal(size=(16, 8)).astype(np.float32)
    groups, mesh = np.repeat(np.arange(4), 4), jax.make_mesh((4, 2), ("obs", "feat"))
    rows_only = pooled_variance(x, groups, mesh, pool_axes="obs")
    return rows_only, pooled_variance(x, groups, mesh)


if __name__ == "__main__":
    main()
