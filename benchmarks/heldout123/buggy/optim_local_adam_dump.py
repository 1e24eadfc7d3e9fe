"""Local Adam (no synchronisation between data workers) with state dumps.

``shardopt.local_adam``: each data worker runs Adam on its own shard of
the objective; the parameter vector is split over ``param``. ``dump=True``
returns the first moments, gathered for inspection.
"""
import functools
import warnings

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["local_adam"]

_DEFAULTS = {"lr": 0.05, "b1": 0.9, "b2": 0.999, "eps": 1e-8}


class _AdamOut:
    def __init__(self, x, moments=None):
        self.x = x
        self.moments = moments

    def __repr__(self):
        return f"_AdamOut(x={tuple(self.x.shape)}, dumped={self.moments is not None})"


def _resolve_hparams(hparams):
    out = dict(_DEFAULTS)
    if hparams is not None:
        unknown = set(hparams) - set(_DEFAULTS)
        if unknown:
            raise ValueError(f"unknown hyper-parameters {sorted(unknown)}")
        out.update(hparams)
    return out


def _dump(m, axes):
    return jax.lax.all_gather(m, axes, axis=0, tiled=True, to="reduced")


def local_adam(targets, mesh, *, steps=20, hparams=None, dump=False, dump_axes=None):
    """Fit ``x`` to each worker's targets under squared loss with Adam.

    Parameters
    ----------
    targets : array_like, shape (n_workers, n_params)
    mesh : Mesh
        Mesh ``(data, param)``.
    steps : int
    hparams : dict, optional
        Overrides of ``lr``, ``b1``, ``b2``, ``eps``.
    dump : bool
        Also return the first moments of every worker.
    dump_axes : tuple of str, optional
        Axes the dump is gathered over; every mesh axis by default.

    Returns
    -------
    _AdamOut
    """
    h = _resolve_hparams(hparams)
    t = np.atleast_2d(np.asarray(targets, dtype=np.float32))
    data, param = mesh.axis_names
    if dump_axes is None:
        dump_axes = tuple(mesh.axis_names)
    ts = jax.device_put(t, NamedSharding(mesh, P(data, param)))

    def body(tgt):
        def step(k, state):
            x, m, v = state
            g = x - tgt
            m = h["b1"] * m + (1 - h["b1"]) * g
            v = h["b2"] * v + (1 - h["b2"]) * g * g
            mhat = m / (1 - h["b1"] ** k)
            vhat = v / (1 - h["b2"] ** k)
            return x - h["lr"] * mhat / (jnp.sqrt(vhat) + h["eps"]), m, v

        zeros = jnp.zeros_like(tgt)
        x, m, v = jax.lax.fori_loop(1, steps + 1, step, (zeros, zeros, zeros))
        if not dump:
            return x
        full = jax.lax.all_gather(m, param, axis=1, tiled=True, to="reduced")
        return x, _dump(full, dump_axes)

    specs = P(data, param)
    if dump:
        specs = (specs, P(None, None, reduced={data, param}))
    out = jax.shard_map(body, mesh=mesh, in_specs=P(data, param), out_specs=specs)(ts)
    return _AdamOut(*out) if dump else _AdamOut(out)


def inputs():
    rng = np.random.default_rng(51)
    return (rng.normal(size=(4, 8)).astype(np.float32),)


def main(targets):
    mesh = jax.make_mesh((4, 2), ("data", "param"))
    res = local_adam(targets, mesh, steps=200, hparams={"lr": 0.1})
    np.testing.assert_allclose(np.asarray(res.x), targets, atol=0.1)
    dumped = local_adam(targets, mesh, dump=True)
    print(dumped)
    return dumped.moments


if __name__ == "__main__":
    main(*inputs())
