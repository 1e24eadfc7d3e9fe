"""lm/train/grad_clip.py -- global-norm gradient clipping for the data-parallel LM trainer.

The gradient of the output projection is computed per data shard; the old pmap version psum'd it
over the device axis. The shard_map port keeps a reduced copy of the per-shard gradients for the
gradient-noise logger.
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

DATA, MODEL = "data", "model"


class ClipState(NamedTuple):
    max_norm: float
    keep_history: bool


def loss_fn(w, x, y):
    pred = jnp.tanh(x @ w)
    return 0.5 * jnp.sum((pred - y) ** 2)


def shard_grads(w, x, y):
    # written out by hand: jax.grad would already sum the invariant weight's cotangent
    pred = jnp.tanh(x @ w)
    return x.T @ ((pred - y) * (1.0 - pred * pred))


def noise_scale(history):
    mean = jnp.mean(history, axis=0)
    spread = jnp.mean((history - mean) ** 2)
    return spread / (jnp.sum(mean * mean) + 1e-6)


def clipped_update(state):
    def body(w, x, y):
        g = shard_grads(w, x, y)[None]
        if state.keep_history:
            g = jax.lax.all_gather(g, DATA, axis=0, tiled=True, to="reduced")
        total = jax.lax.psum(g, DATA)[0]
        norm = jnp.sqrt(jax.lax.psum(jnp.sum(total * total), MODEL))
        scale = jnp.minimum(1.0, state.max_norm / (norm + 1e-6))
        return w - 0.1 * scale * total, norm
    return body


def make_trainer(mesh, state):
    specs_in = (P(None, MODEL), P(DATA, None), P(DATA, MODEL))
    specs_out = (P(None, MODEL), P())
    return jax.jit(smap(clipped_update(state), mesh, specs_in, specs_out))


def inputs():
    rng = np.random.default_rng(2)
    w = (0.1 * rng.normal(size=(12, 8))).astype(np.float32)
    x = rng.normal(size=(32, 12)).astype(np.float32)
    y = rng.normal(size=(32, 8)).astype(np.float32)
    return w, x, y, ClipState(max_norm=1.0, keep_history=True)


def main(w, x, y, state):
    mesh = make_mesh((4, 2), (DATA, MODEL))
    w = place(w, mesh, P(None, MODEL))
    x = place(x, mesh, P(DATA, None))
    y = place(y, mesh, P(DATA, MODEL))
    with with_mesh(mesh):
        step = make_trainer(mesh, state)
        for _ in range(2):
            w, norm = step(w, x, y)
    print("grad norm", float(norm))
    return w


if __name__ == "__main__":
    main(*inputs())
