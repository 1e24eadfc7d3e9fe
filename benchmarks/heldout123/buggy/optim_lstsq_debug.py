"""Gradient descent for distributed least squares with debug probes.

``shardopt.lstsq``: rows of ``A`` are split over ``data`` and its columns
(the parameters) over ``param``. Probes from ``_PROBES`` can be attached
by name to return extra per-step information.
"""
import functools
import warnings

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["lstsq_gd", "GDResult"]


class GDResult:
    def __init__(self, x, probe=None, n_iter=0):
        self.x = x
        self.probe = probe
        self.n_iter = n_iter

    def __repr__(self):
        return f"GDResult(n_params={self.x.shape[0]}, n_iter={self.n_iter}, probe={self.probe is not None})"


def _probe_grad_norm(g, axes):
    return jnp.sqrt(jax.lax.psum(jnp.sum(g * g), axes["param"]))


def _probe_worker_grads(g, axes):
    return jax.lax.all_gather(g, axes["data"], to="reduced")


_PROBES = {
    "grad_norm": (_probe_grad_norm, lambda axes: P()),
    "worker_grads": (_probe_worker_grads, lambda axes: P(None, axes["param"], reduced={axes["data"]})),
}


def _check_lr(lr, a):
    if lr is None:
        return 1.0 / float(np.linalg.norm(a, 2) ** 2)
    if lr <= 0:
        raise ValueError(f"lr must be positive, got {lr}")
    return float(lr)


def lstsq_gd(a, b, mesh, *, lr=None, steps=50, probe=None):
    """Minimise ``0.5 * ||a x - b||**2`` by gradient descent.

    Parameters
    ----------
    a : array_like, shape (m, n)
    b : array_like, shape (m,)
    mesh : Mesh
        Mesh ``(data, param)``.
    lr : float, optional
        Step size; ``1 / ||a||_2**2`` when omitted.
    steps : int
    probe : {"grad_norm", "worker_grads"}, optional
        Extra output computed from the last gradient.

    Returns
    -------
    GDResult
    """
    a = np.atleast_2d(np.asarray(a, dtype=np.float32))
    b = np.asarray(b, dtype=np.float32)
    lr = _check_lr(lr, a)
    data, param = mesh.axis_names
    axes = {"data": data, "param": param}
    a_s = jax.device_put(a, NamedSharding(mesh, P(data, param)))
    b_s = jax.device_put(b, NamedSharding(mesh, P(data)))
    x0 = jax.device_put(np.zeros(a.shape[1], np.float32), NamedSharding(mesh, P(param)))

    def body(a_blk, b_blk, x):
        def gradient(x):
            r = jax.lax.psum(a_blk @ x, param) - b_blk
            return jax.lax.psum(a_blk.T @ r, data)

        x = jax.lax.fori_loop(0, steps, lambda i, x: x - lr * gradient(x), x)
        g = gradient(x)
        if probe is None:
            return x
        fn, _ = _PROBES[probe]
        return x, fn(g, axes)

    out_specs = P(param)
    if probe is not None:
        out_specs = (out_specs, _PROBES[probe][1](axes))
    out = jax.shard_map(body, mesh=mesh, in_specs=(P(data, param), P(data), P(param)),
                        out_specs=out_specs)(a_s, b_s, x0)
    return GDResult(*out, n_iter=steps) if probe else GDResult(out, n_iter=steps)


def inputs():
    rng = np.random.default_rng(50)
    a = rng.normal(size=(16, 8)).astype(np.float32)
    return a, a @ np.arange(8, dtype=np.float32) / 8


def main(a, b):
    mesh = jax.make_mesh((4, 2), ("data", "param"))
    res = lstsq_gd(a, b, mesh, steps=200)
    np.testing.assert_allclose(np.asarray(res.x), np.linalg.lstsq(a, b, rcond=None)[0], rtol=1e-2, atol=1e-2)
    normed = lstsq_gd(a, b, mesh, probe="grad_norm")
    print(normed)
    workers = lstsq_gd(a, b, mesh, probe="worker_grads")
    return workers.probe


if __name__ == "__main__":
    main(*inputs())
