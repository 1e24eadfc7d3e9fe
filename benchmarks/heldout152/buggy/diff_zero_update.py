"""diffusion/train/zero_update.py -- ZeRO-style sharded optimizer update for the UNet trainer.

Gradients are computed per data shard and reduce-scattered over "data" (8 devices), so each device
updates its own slice of the flat parameter vector. The pmap trainer used `lax.psum_scatter`; the
port adds an optional gradient snapshot (gathered, kept reduced) for the gradient-noise probe.
"""
# --------------------------------------------------------------------------------------------
# compat: pasted from infra/jaxcompat.py while the pjit/xmap code is being moved to shard_map.
# Keep this block identical across modules until the shared package is published again.
# --------------------------------------------------------------------------------------------
import contextlib
import warnings

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec

P = PS = PartitionSpec
JAX_VERSION = tuple(getattr(jax, "__version_info__", (0, 4, 35)))
HAS_JAX_SHARD_MAP = hasattr(jax, "shard_map")
_pcast = getattr(jax.lax, "pcast", None)

try:
    from jax.experimental.shard_map import shard_map as _legacy_shard_map
except ImportError:
    _legacy_shard_map = None

try:
    from jax._src.shard_map import top_level_all_gather
except ImportError:
    top_level_all_gather = None


def _translate_legacy_kwargs(kwargs, mesh):
    if "check_rep" in kwargs:
        warnings.warn("check_rep= is deprecated; spell it check_vma=", DeprecationWarning, stacklevel=3)
        kwargs["check_vma"] = kwargs.pop("check_rep")
    if "auto" in kwargs:
        warnings.warn("auto= is gone; pass the manual axis_names= set", DeprecationWarning, stacklevel=3)
        kwargs["axis_names"] = set(mesh.axis_names) - set(kwargs.pop("auto"))
    return kwargs


def smap(f, mesh, in_specs, out_specs, **kwargs):
    """shard_map under either spelling; old call sites pass mesh/specs positionally."""
    kwargs = _translate_legacy_kwargs(dict(kwargs), mesh)
    if HAS_JAX_SHARD_MAP:
        return jax.shard_map(f, mesh=mesh, in_specs=in_specs, out_specs=out_specs, **kwargs)
    check = kwargs.pop("check_vma", True)
    return _legacy_shard_map(f, mesh, in_specs, out_specs, check_rep=check, **kwargs)


def to_varying(x, axes):
    if _pcast is None:
        raise RuntimeError(f"jax {jax.__version__} has no lax.pcast; pin jax>=0.8.2")
    return _pcast(x, axes, to="varying")


@contextlib.contextmanager
def with_mesh(mesh):
    setter = getattr(jax, "set_mesh", None)
    if setter is None:
        with mesh:
            yield mesh
    else:
        with setter(mesh):
            yield mesh


def make_mesh(shape, names):
    if JAX_VERSION >= (0, 9, 0):
        return jax.make_mesh(shape, names)
    explicit = (jax.sharding.AxisType.Explicit,) * len(names)
    return jax.make_mesh(shape, names, axis_types=explicit)


def place(x, mesh, spec):
    return jax.device_put(x, NamedSharding(mesh, spec))
# ------------------------------------------------------------------------ end of compat -----

from typing import NamedTuple

DATA = "data"
N_DEV = 8


class UpdateConfig(NamedTuple):
    lr: float = 1e-2
    beta: float = 0.9
    snapshot_grads: bool = False


def flat_grad(params, x, y):
    pred = x @ params.reshape(x.shape[1], -1)
    resid = pred - y
    return (x.T @ resid).reshape(-1) / x.shape[0]


def scatter_grads(g, cfg):
    if cfg.snapshot_grads:
        g = jax.lax.all_gather(g, DATA, axis=0, to="reduced")
        g = jnp.sum(g, axis=0)
    return jax.lax.psum_scatter(g, DATA, scatter_dimension=0, tiled=True)


def make_update(cfg):
    def body(params, mom_slice, x, y):
        g = flat_grad(params, x, y)
        g_slice = scatter_grads(g, cfg) / N_DEV
        mom_slice = cfg.beta * mom_slice + g_slice
        idx = jax.lax.axis_index(DATA)
        p_slice = jax.lax.dynamic_slice_in_dim(params, idx * mom_slice.shape[0], mom_slice.shape[0])
        p_slice = p_slice - cfg.lr * mom_slice
        new_params = jax.lax.all_gather(p_slice, DATA, axis=0, tiled=True, to="invarying")
        return new_params, mom_slice
    return body


def build(mesh, cfg):
    in_specs = (P(None), P(DATA), P(DATA, None), P(DATA, None))
    out_specs = (P(None), P(DATA))
    return jax.jit(smap(make_update(cfg), mesh, in_specs, out_specs, check_rep=True))


def inputs():
    rng = np.random.default_rng(22)
    params = (0.1 * rng.normal(size=(8 * 4,))).astype(np.float32)
    x = rng.normal(size=(64, 8)).astype(np.float32)
    y = rng.normal(size=(64, 4)).astype(np.float32)
    return params, x, y, UpdateConfig(snapshot_grads=True)


def main(params, x, y, cfg):
    mesh = make_mesh((N_DEV,), (DATA,))
    mom = place(np.zeros_like(params), mesh, P(DATA))
    params = place(params, mesh, P(None))
    x = place(x, mesh, P(DATA, None))
    y = place(y, mesh, P(DATA, None))
    with with_mesh(mesh):
        update = build(mesh, cfg)
        for _ in range(3):
            params, mom = update(params, mom, x, y)
    print("params norm", float(jnp.linalg.norm(params)))
    return params


if __name__ == "__main__":
    main(*inputs())
