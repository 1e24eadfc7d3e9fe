"""Export of bootstrap replicates to every host.

``shardstats.bootstrap`` keeps replicates sharded ``(replicate, feature)``;
``collect_replicates`` gathers them for writing. ``layout=`` was renamed to
``spec=`` and still works with a DeprecationWarning.
"""
import functools
import warnings

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["bootstrap_means", "collect_replicates"]


def _renamed_kwarg(old, new):
    def decorator(func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            if old in kwargs:
                warnings.warn(f"{old!r} is deprecated, use {new!r}", DeprecationWarning, stacklevel=2)
                kwargs[new] = kwargs.pop(old)
            return func(*args, **kwargs)
        return wrapper
    return decorator


def bootstrap_means(x, mesh, *, n_boot=8, seed=0):
    """Bootstrap replicates of the column means, sharded over the mesh.

    Parameters
    ----------
    x : array_like, shape (n, p)
    mesh : Mesh
    n_boot : int
        Number of replicates; a multiple of the first mesh axis.
    seed : int

    Returns
    -------
    jax.Array, shape (n_boot, p)
    """
    x = np.asarray(x, dtype=np.float32)
    if n_boot % mesh.shape[mesh.axis_names[0]]:
        raise ValueError(f"n_boot={n_boot} is not a multiple of {mesh.shape[mesh.axis_names[0]]}")
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, x.shape[0], size=(n_boot, x.shape[0]))
    reps = x[idx].mean(axis=1)
    return jax.device_put(reps, NamedSharding(mesh, P(*mesh.axis_names)))


@_renamed_kwarg("layout", "spec")
def collect_replicates(reps, *, spec=None):
    """Gather sharded replicates.

    Parameters
    ----------
    reps : jax.Array
        Output of :func:`bootstrap_means`.
    spec : PartitionSpec, optional
        Sharding of the result; by default only the replicate axis is gathered.

    Returns
    -------
    jax.Array
    """
    if spec is None:
        rep_axis, feat_axis = reps.sharding.spec
        spec = P(None, feat_axis)
    return top_level_all_gather(reps, spec)


def inputs():
    rng = np.random.default_rng(3)
    return (rng.normal(size=(16, 8)).astype(np.float32),)


def main(x):
    mesh = jax.make_mesh((4, 2), ("obs", "feat"))
    reps = bootstrap_means(x, mesh, n_boot=8)
    with jax.set_mesh(mesh):
        full = collect_replicates(reps, layout=P(None, "feat", reduced={"obs"}))
        print(full.shape, full.sharding.spec)
        np.testing.assert_allclose(np.asarray(full), np.asarray(reps), rtol=1e-6)
        half = collect_replicates(reps)
        print(half.sharding.spec)
    return half


if __name__ == "__main__":
    main(*inputs())
