"""Relative residual of a block-distributed linear system.

``shardla.solve``: used as the stopping test of the iterative solvers.
The rows of ``a`` and ``b`` are split over the first axis, the columns of
``a`` and ``x`` over the second.
"""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["relative_residual"]


def _as_float32(func):
    @functools.wraps(func)
    def wrapper(a, x, b, *args, **kwargs):
        a, x, b = (np.asarray(v, dtype=np.float32) for v in (a, x, b))
        return func(a, x, b, *args, **kwargs)
    return wrapper


def _check_shapes(a, x, b):
    if a.ndim != 2 or a.shape != (b.shape[0], x.shape[0]):
        raise ValueError(f"incompatible shapes a={a.shape}, x={x.shape}, b={b.shape}")


_REDUCTIONS = {"mean": jax.lax.pmean, "sum": jax.lax.psum}


@_as_float32
def relative_residual(a, x, b, mesh, *, reduction="sum", axes=None):
    """``||a @ x - b|| / ||b||`` without gathering ``a``.

    Parameters
    ----------
    a : array_like, shape (m, n)
    x : array_like, shape (n,)
    b : array_like, shape (m,)
    mesh : Mesh
        Mesh ``(rows, cols)``.
    reduction : {"sum", "mean"}
        How the squared residuals are combined over the devices.
    axes : tuple of str, optional
        Axes to combine over. Default: every mesh axis.

    Returns
    -------
    jax.Array
        Scalar.
    """
    _check_shapes(a, x, b)
    if axes is None:
        axes = (mesh.axis_names[0],)
    combine = _REDUCTIONS[reduction]
    rows, cols = mesh.axis_names
    a_s = jax.device_put(a, NamedSharding(mesh, P(rows, cols)))
    x_s = jax.device_put(x, NamedSharding(mesh, P(cols)))
    b_s = jax.device_put(b, NamedSharding(mesh, P(rows)))

    def body(a_blk, x_blk, b_blk):
        ax = jax.lax.psum(a_blk @ x_blk, cols)
        r2 = jnp.sum((ax - b_blk) ** 2)
        b2 = jnp.sum(b_blk ** 2)
        return jnp.sqrt(combine(r2, axes) / combine(b2, axes))

    return jax.shard_map(body, mesh=mesh, in_specs=(P(rows, cols), P(cols), P(rows)),
                         out_specs=P())(a_s, x_s, b_s)


def inputs():
    rng = np.random.default_rng(13)
    a = rng.normal(size=(8, 16)).astype(np.float32)
    x = rng.normal(size=16).astype(np.float32)
    b = a @ x + 0.01 * rng.normal(size=8).astype(np.float32)
    return a, x, b


def main(a, x, b):
    mesh = jax.make_mesh((2, 4), ("row", "col"))
    rows_only = relative_residual(a, x, b, mesh, axes=("row",))
    ref = np.linalg.norm(a @ x - b) / np.linalg.norm(b)
    np.testing.assert_allclose(rows_only, ref, rtol=1e-3)
    res = relative_residual(a, x, b, mesh, reduction="mean")
    print(float(res))
    return res


if __name__ == "__main__":
    main(*inputs())
