"""diffusion/export/ema_to_host.py -- copy the EMA weights of the denoiser to the host for export.

The EMA copy is kept fully sharded over the 8-device "data" axis (ZeRO stage 3). Export gathers each
leaf back into one array. The first port of this file used `jax.device_put_replicated`; it now
uses `top_level_all_gather` on the training mesh.
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

import json

DATA = "data"
LEAF_SHAPES = {"conv_in": (16, 3), "mid": (32, 8), "conv_out": (8, 3)}


def shard_spec(shape):
    return P(DATA, *([None] * (len(shape) - 1)))


def replicated_spec(shape):
    return P(*([None] * len(shape)))


def init_ema(rng):
    return {k: (0.05 * rng.normal(size=s)).astype(np.float32) for k, s in LEAF_SHAPES.items()}


def place_ema(ema, mesh):
    return {k: place(v, mesh, shard_spec(v.shape)) for k, v in ema.items()}


@jax.jit
def ema_update(ema, params, decay=0.999):
    return jax.tree.map(lambda e, p: decay * e + (1.0 - decay) * p, ema, params)


def gather_leaf(x):
    return top_level_all_gather(x, replicated_spec(x.shape))


def export(ema):
    return {k: gather_leaf(v) for k, v in ema.items()}


def summary(tree):
    return json.dumps({k: [list(v.shape), round(float(np.abs(np.asarray(v)).mean()), 5)] for k, v in tree.items()})


def inputs():
    rng = np.random.default_rng(23)
    return init_ema(rng), init_ema(rng)


def main(ema, params):
    mesh = make_mesh((8,), (DATA,))
    ema = place_ema(ema, mesh)
    params = place_ema(params, mesh)
    with with_mesh(mesh):
        ema = ema_update(ema, params)
        host = export(ema)
    print(summary(jax.device_get(host)))
    return host["mid"]


if __name__ == "__main__":
    main(*inputs())
