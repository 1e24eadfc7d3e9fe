"""graphs/export/partition_export.py -- export the partitioned node features for the sampler.

Training keeps node features split over "nodes" only (rows), the sampler reads them split by
feature columns over "feat". The pjit exporter returned them through `out_shardings`; the port
regathers with `top_level_all_gather` and a per-table export spec.
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

import dataclasses

MESH_NAMES = ("nodes", "feat")


@dataclasses.dataclass(frozen=True)
class Table:
    name: str
    shape: tuple
    train_spec: P
    export_spec: P


TABLES = (
    Table("features", (16, 8), P("nodes", None), P(None, "feat", reduced={"nodes"})),
    Table("labels", (16, 4), P("nodes", None), P(None, None, reduced={"nodes"})),
)


def make_tables(rng):
    return {t.name: rng.normal(size=t.shape).astype(np.float32) for t in TABLES}


def place_tables(arrays, mesh):
    return {t.name: place(arrays[t.name], mesh, t.train_spec) for t in TABLES}


@jax.jit
def standardise(x):
    mu = jnp.mean(x, axis=0, keepdims=True)
    sd = jnp.std(x, axis=0, keepdims=True)
    return (x - mu) / (sd + 1e-6)


def export_all(placed):
    out = {}
    for table in TABLES:
        x = standardise(placed[table.name])
        out[table.name] = top_level_all_gather(x, table.export_spec)
    return out


def inputs():
    return make_tables(np.random.default_rng(35)),


def main(arrays):
    mesh = make_mesh((2, 4), MESH_NAMES)
    placed = place_tables(arrays, mesh)
    with with_mesh(mesh):
        exported = export_all(placed)
    for name, x in exported.items():
        print(name, x.shape, x.sharding.spec)
    return exported["labels"]


if __name__ == "__main__":
    main(*inputs())
