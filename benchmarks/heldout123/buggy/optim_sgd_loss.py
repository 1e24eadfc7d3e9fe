"""Distributed SGD on a linear model with a reported training loss.

``shardopt.sgd``: examples are split over ``data`` and the features over
``model``. The reported loss is combined with the reduction named by
``loss_reduction`` over ``loss_axes`` (every mesh axis by default).
"""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["sgd_fit"]

_REDUCTIONS = {"mean": jax.lax.pmean, "sum": jax.lax.psum}


class _Fit:
    def __init__(self, w, loss):
        self.w = w
        self.loss = loss

    def __repr__(self):
        return f"_Fit(loss={float(self.loss):.4f})"


def _validate(x, y):
    x = np.atleast_2d(np.asarray(x, dtype=np.float32))
    y = np.asarray(y, dtype=np.float32)
    if x.shape[0] != y.shape[0]:
        raise ValueError(f"x has {x.shape[0]} rows but y has {y.shape[0]}")
    return x, y


def sgd_fit(x, y, mesh, *, lr=0.1, steps=20, loss_reduction="mean", loss_axes=None):
    """Full-batch gradient steps on ``0.5 * mean((x w - y)**2)``.

    Parameters
    ----------
    x : array_like, shape (n, d)
    y : array_like, shape (n,)
    mesh : Mesh
        Mesh ``(data, model)``.
    lr : float
    steps : int
    loss_reduction : {"mean", "sum"}
    loss_axes : tuple of str, optional

    Returns
    -------
    _Fit
    """
    x, y = _validate(x, y)
    data, model = mesh.axis_names
    if loss_axes is None:
        loss_axes = (data, model)
    reduce = _REDUCTIONS[loss_reduction]
    n = x.shape[0]
    xs = jax.device_put(x, NamedSharding(mesh, P(data, model)))
    ys = jax.device_put(y, NamedSharding(mesh, P(data)))
    w0 = jax.device_put(np.zeros(x.shape[1], np.float32), NamedSharding(mesh, P(model)))

    def body(xb, yb, w):
        def step(i, w):
            r = jax.lax.psum(xb @ w, model) - yb
            return w - lr * jax.lax.psum(xb.T @ r, data) / n

        w = jax.lax.fori_loop(0, steps, step, w)
        r = jax.lax.psum(xb @ w, model) - yb
        return w, reduce(0.5 * jnp.mean(r * r), loss_axes)

    w, loss = jax.shard_map(body, mesh=mesh, in_specs=(P(data, model), P(data), P(model)),
                            out_specs=(P(model), P()))(xs, ys, w0)
    return _Fit(w, loss)


def inputs():
    rng = np.random.default_rng(54)
    x = rng.normal(size=(16, 8)).astype(np.float32)
    return x, x @ np.linspace(-1, 1, 8).astype(np.float32)


def main(x, y):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    fit = sgd_fit(x, y, mesh, loss_axes=("data",))
    print(fit)
    summed = sgd_fit(x, y, mesh, loss_reduction="sum", steps=5)
    return summed.loss


if __name__ == "__main__":
    main(*inputs())
