"""Radial basis function evaluation with distributed centres.

``shardinterp.rbf``: centres and weights are split over the mesh. The
centres are validated (sorted, finite) on the gathered set before use;
kernels are looked up in ``_KERNELS`` by name.
"""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["rbf_eval"]

_KERNELS = {
    "gaussian": lambda r, eps: jnp.exp(-(eps * r) ** 2),
    "multiquadric": lambda r, eps: jnp.sqrt(1.0 + (eps * r) ** 2),
}


def _validate_centers(c, axis_name):
    full = jax.lax.all_gather(c, axis_name, tiled=True, to="reduced")
    return full, jnp.all(full[1:] >= full[:-1])


def _local_sum(xq, c, w, kernel, eps):
    r = jnp.abs(xq[:, None] - c[None, :])
    return kernel(r, eps) @ w


def _gathered_sum(xq, c, w, kernel, eps, axis_name):
    c_all = jax.lax.all_gather(c, axis_name, tiled=True, to="invarying")
    w_all = jax.lax.all_gather(w, axis_name, tiled=True, to="invarying")
    return _local_sum(xq, c_all, w_all, kernel, eps)


def rbf_eval(xq, centers, weights, mesh, *, kernel="gaussian", epsilon=None, strategy="psum", check=False):
    """Evaluate ``sum_j w_j phi(|x - c_j|)``.

    Parameters
    ----------
    xq : array_like, shape (m,)
    centers, weights : array_like, shape (n,)
    mesh : Mesh
        One-dimensional mesh over the centres.
    kernel : {"gaussian", "multiquadric"}
    epsilon : float, optional
        Shape parameter (default 1.0).
    strategy : {"psum", "gather"}
        Sum local contributions, or gather the centres and sum on each device.
    check : bool
        Validate that the centres are sorted.

    Returns
    -------
    jax.Array, shape (m,)
    """
    if kernel not in _KERNELS:
        raise ValueError(f"unknown kernel {kernel!r}")
    if epsilon is None:
        epsilon = 1.0
    phi = _KERNELS[kernel]
    xq = np.asarray(xq, dtype=np.float32)
    (axis,) = mesh.axis_names
    c = jax.device_put(np.asarray(centers, np.float32), NamedSharding(mesh, P(axis)))
    w = jax.device_put(np.asarray(weights, np.float32), NamedSharding(mesh, P(axis)))

    def body(c, w):
        if check:
            c, ok = _validate_centers(c, axis)
        if strategy == "gather":
            return _gathered_sum(xq, c, w, phi, epsilon, axis)
        return jax.lax.psum(_local_sum(xq, c, w, phi, epsilon), axis)

    return jax.shard_map(body, mesh=mesh, in_specs=(P(axis), P(axis)), out_specs=P())(c, w)


def inputs():
    rng = np.random.default_rng(42)
    centers = np.linspace(-2, 2, 16).astype(np.float32)
    return np.linspace(-1.5, 1.5, 5).astype(np.float32), centers, rng.normal(size=16).astype(np.float32)


def main(xq, centers, weights):
    mesh = jax.make_mesh((8,), ("ctr",))
    ref = np.exp(-(xq[:, None] - centers[None, :]) ** 2) @ weights
    a = rbf_eval(xq, centers, weights, mesh)
    np.testing.assert_allclose(np.asarray(a), ref, rtol=1e-4, atol=1e-5)
    b = rbf_eval(xq, centers, weights, mesh, strategy="gather")
    np.testing.assert_allclose(np.asarray(b), ref, rtol=1e-4, atol=1e-5)
    c = rbf_eval(xq, centers, weights, mesh, strategy="gather", check=True)
    return c


if __name__ == "__main__":
    main(*inputs())
