"""diffusion/train/timestep_monitor.py -- per-timestep denoising error for the training monitor.

The batch is split over the 8-device "data" axis (pmap in the original trainer). Each step logs
the mean squared noise-prediction error in a few timestep buckets; the monitor keeps the history
of every shard so it can plot the spread between shards.
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

MESH_SHAPE = (8,)
AXIS = "data"
N_BUCKETS = 4
T_MAX = 1000


def bucket_of(t, n_buckets=N_BUCKETS, t_max=T_MAX):
    return jnp.clip((t * n_buckets) // t_max, 0, n_buckets - 1)


def denoiser(x_t, t, w):
    temb = jnp.sin(t[:, None] / T_MAX * jnp.arange(1, x_t.shape[-1] + 1))
    return jnp.tanh((x_t + temb) @ w)


def bucketed_mse(err, t):
    onehot = jax.nn.one_hot(bucket_of(t), N_BUCKETS, dtype=err.dtype)
    per_example = jnp.mean(err * err, axis=-1)
    sums = onehot.T @ per_example
    counts = jnp.sum(onehot, axis=0)
    return sums, counts


def monitor_body(x0, noise, t, w):
    alpha = jnp.cos(0.5 * jnp.pi * t / T_MAX)[:, None]
    x_t = alpha * x0 + jnp.sqrt(1.0 - alpha * alpha) * noise
    err = denoiser(x_t, t, w) - noise
    sums, counts = bucketed_mse(err, t)
    per_shard = sums / jnp.maximum(counts, 1.0)
    mse = jax.lax.psum(sums, AXIS) / jnp.maximum(jax.lax.psum(counts, AXIS), 1.0)
    history = jax.lax.all_gather(per_shard, AXIS, axis=0, to="reduced")
    return mse, history


def build_monitor(mesh):
    in_specs = (P(AXIS, None), P(AXIS, None), P(AXIS), P(None, None))
    out_specs = (P(), P(None, None, reduced={AXIS}))
    return jax.jit(smap(monitor_body, mesh, in_specs, out_specs, check_rep=True))


def inputs():
    rng = np.random.default_rng(20)
    x0 = rng.normal(size=(32, 6)).astype(np.float32)
    noise = rng.normal(size=(32, 6)).astype(np.float32)
    t = rng.integers(0, T_MAX, size=(32,)).astype(np.float32)
    w = (rng.normal(size=(6, 6)) / 3).astype(np.float32)
    return x0, noise, t, w


def main(x0, noise, t, w):
    mesh = make_mesh(MESH_SHAPE, (AXIS,))
    args = [place(a, mesh, s) for a, s in zip((x0, noise, t, w), (P(AXIS, None), P(AXIS, None), P(AXIS), P(None, None)))]
    with with_mesh(mesh):
        mse, history = build_monitor(mesh)(*args)
    spread = np.asarray(jax.device_get(history)).std(axis=0)
    print("mse", np.asarray(mse), "spread", spread)
    return mse


if __name__ == "__main__":
    main(*inputs())
