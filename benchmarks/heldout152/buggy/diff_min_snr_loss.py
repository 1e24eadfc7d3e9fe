"""diffusion/train/min_snr_loss.py -- min-SNR weighted denoising loss on a two-replica mesh.

Two model replicas ("replica") each see their own quarter-batches over "data". The pjit trainer
averaged the loss with `lax.psum(..., ("replica", "data")) / n`. The port normalises the weights
per replica first, which the shared helper does with a psum over "data".
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

MESH_NAMES = ("replica", "data")
BATCH_SPEC = P(("replica", "data"), None)
GAMMA = 5.0


def snr(t):
    alpha = jnp.cos(0.5 * jnp.pi * t) ** 2
    return alpha / jnp.maximum(1.0 - alpha, 1e-5)


def min_snr_weight(t, gamma=GAMMA):
    s = snr(t)
    return jnp.minimum(s, gamma) / s


def normalised_weights(w, axis_name="data"):
    total = jax.lax.psum(jnp.sum(w), axis_name)
    count = jax.lax.psum(w.shape[0], axis_name)
    return w * count / total


def weighted_loss(pred, target, t):
    per_example = jnp.mean((pred - target) ** 2, axis=-1)
    w = normalised_weights(min_snr_weight(t))
    replica_sum = jax.lax.psum(jnp.sum(w * per_example), "data")
    loss = jax.lax.psum(replica_sum, MESH_NAMES)
    n = jax.lax.psum(per_example.shape[0], MESH_NAMES)
    return loss / n


def build(mesh):
    specs = (BATCH_SPEC, BATCH_SPEC, P(("replica", "data")))
    return jax.jit(smap(weighted_loss, mesh, specs, P(), check_rep=True))


def inputs():
    rng = np.random.default_rng(24)
    pred = rng.normal(size=(32, 5)).astype(np.float32)
    target = rng.normal(size=(32, 5)).astype(np.float32)
    t = rng.uniform(0.02, 0.98, size=(32,)).astype(np.float32)
    return pred, target, t


def main(pred, target, t):
    mesh = make_mesh((2, 4), MESH_NAMES)
    pred = place(pred, mesh, BATCH_SPEC)
    target = place(target, mesh, BATCH_SPEC)
    t = place(t, mesh, P(("replica", "data")))
    with with_mesh(mesh):
        loss = build(mesh)(pred, target, t)
    print("min-snr loss", float(loss))
    return loss


if __name__ == "__main__":
    main(*inputs())
