"""lm/checkpoint/export_shards.py -- write the MLP weights as column shards for the serving job.

Serving shards only over "model", so the export regathers each weight over "data" first. The
pjit version did this with `pjit(lambda x: x, out_shardings=...)`; the port uses
`top_level_all_gather` from the context mesh.
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

TRAIN_AXES = ("data", "model")

# how each weight lives during training
TRAIN_LAYOUT = {
    "wi": P("data", "model"),
    "wo": P("model", "data"),
    "ln": P("model"),
}

# how serving wants it: only the model axis is left split
SERVE_LAYOUT = {
    "wi": P(None, "model", reduced={"data"}),
    "wo": P(None, "model", reduced={"data"}),
    "ln": P("model"),
}


def init_params(rng, d_model, d_ff):
    return {
        "wi": (rng.normal(size=(d_model, d_ff)) / np.sqrt(d_model)).astype(np.float32),
        "wo": (rng.normal(size=(d_ff, d_model)) / np.sqrt(d_ff)).astype(np.float32),
        "ln": np.ones((d_model,), np.float32),
    }


def place_params(params, mesh):
    return {name: place(value, mesh, TRAIN_LAYOUT[name]) for name, value in params.items()}


def needs_regather(train_spec, serve_spec):
    return train_spec != serve_spec


def export_for_serving(placed):
    out = {}
    for name, value in placed.items():
        target = SERVE_LAYOUT[name]
        if needs_regather(TRAIN_LAYOUT[name], target):
            value = top_level_all_gather(value, target)
        out[name] = value
    return out


def manifest_entry(name, value):
    return {"name": name, "shape": list(value.shape), "spec": str(value.sharding.spec)}


def inputs():
    rng = np.random.default_rng(3)
    return init_params(rng, d_model=16, d_ff=32), "ckpt/step_000100"


def main(params, prefix):
    mesh = make_mesh((4, 2), TRAIN_AXES)
    placed = place_params(params, mesh)
    with with_mesh(mesh):
        exported = export_for_serving(placed)
    entries = [manifest_entry(k, v) for k, v in sorted(exported.items())]
    print(prefix, json.dumps(entries))
    return exported["wi"]


if __name__ == "__main__":
    main(*inputs())
