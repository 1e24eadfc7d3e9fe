"""vision/layers/sync_batchnorm.py -- cross-replica batch norm for the patch-embedding stem.

The pmap version used `lax.pmean(x, "batch")` for the moments. The shard_map port adds an "exact"
mode for small per-device batches that first collects the whole batch (kept reduced so the
backward pass sums its cotangent) and takes the moments of it.
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

import enum

BATCH, SPATIAL = "batch", "spatial"


class Mode(str, enum.Enum):
    FAST = "fast"
    EXACT = "exact"


class SyncBatchNorm:
    def __init__(self, mode=Mode.FAST, eps=1e-5, axis_name=BATCH):
        self.mode = Mode(mode)
        self.eps = eps
        self.axis_name = axis_name

    def moments(self, x):
        if self.mode is Mode.EXACT:
            x = jax.lax.all_gather(x, self.axis_name, axis=0, tiled=True, to="reduced")
        count = jax.lax.psum(x.shape[0] * x.shape[1], self.axis_name)
        s1 = jax.lax.psum(jnp.sum(x, axis=(0, 1)), self.axis_name)
        s2 = jax.lax.psum(jnp.sum(x * x, axis=(0, 1)), self.axis_name)
        mean = s1 / count
        return mean, s2 / count - mean * mean

    def __call__(self, x, gamma, beta):
        mean, var = self.moments(x)
        return gamma * (x - mean) * jax.lax.rsqrt(var + self.eps) + beta


def stem(bn):
    def body(x, gamma, beta):
        y = bn(x, gamma, beta)
        return jnp.maximum(y, 0.0)
    return body


def build_stem(mesh, bn):
    specs = (P(BATCH, SPATIAL, None), P(None), P(None))
    return jax.jit(smap(stem(bn), mesh, specs, P(BATCH, SPATIAL, None)))


def inputs():
    rng = np.random.default_rng(9)
    x = rng.normal(loc=1.0, size=(8, 16, 12)).astype(np.float32)
    gamma = np.ones((12,), np.float32)
    beta = np.zeros((12,), np.float32)
    return x, gamma, beta, "exact"


def main(x, gamma, beta, mode):
    mesh = make_mesh((2, 4), (BATCH, SPATIAL))
    x = place(x, mesh, P(BATCH, SPATIAL, None))
    gamma = place(gamma, mesh, P(None))
    beta = place(beta, mesh, P(None))
    with with_mesh(mesh):
        y = build_stem(mesh, SyncBatchNorm(mode))(x, gamma, beta)
    host = np.asarray(jax.device_get(y))
    print("stem out", host.shape, float(host.mean()))
    return y


if __name__ == "__main__":
    main(*inputs())
