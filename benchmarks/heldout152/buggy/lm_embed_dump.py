"""lm/tools/embedding_dump.py -- dump the token-embedding table for the nearest-neighbour viewer.

The table is sharded like training: rows (vocabulary) over "data", the hidden size over "model".
The old pjit version gathered with `with_sharding_constraint`; this one runs under shard_map.
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

import functools

MESH_AXES = ("data", "model")
EMBED_SPEC = P("data", "model")
VIEWER_LAYOUT = {"rows": "data", "hidden": "model"}


def dump_axes(layout):
    return tuple(layout[k] for k in ("rows", "hidden"))


class EmbeddingDumper:
    def __init__(self, mesh, layout=VIEWER_LAYOUT, normalize=True):
        self.mesh = mesh
        self.layout = layout
        self.normalize = normalize

    def _unit_rows(self, block):
        sq = jnp.sum(block * block, axis=-1, keepdims=True)
        norm = jnp.sqrt(jax.lax.psum(sq, self.layout["hidden"]))
        return block / jnp.maximum(norm, 1e-6)

    def _full_hidden(self, block):
        return jax.lax.all_gather(block, self.layout["hidden"], axis=1, tiled=True, to="reduced")

    def _full_table(self, block):
        return jax.lax.all_gather(block, dump_axes(self.layout), axis=0, tiled=True, to="reduced")

    def body(self, table):
        if self.normalize:
            table = self._unit_rows(table)
        wide = self._full_hidden(table)
        return self._full_table(wide)

    def __call__(self, table):
        out = P(None, None, reduced=set(dump_axes(self.layout)))
        fn = smap(self.body, self.mesh, (EMBED_SPEC,), out, check_vma=True)
        return jax.jit(fn)(table)


def nearest(table, ids, k=3):
    table = np.asarray(table)
    sims = table[ids] @ table.T
    order = np.argsort(-sims, axis=-1)
    return order[:, 1:k + 1]


def inputs():
    rng = np.random.default_rng(1)
    table = rng.normal(size=(64, 16)).astype(np.float32)
    return table, [3, 17, 42]


def main(table, probe_ids):
    mesh = make_mesh((4, 2), MESH_AXES)
    table = place(table, mesh, EMBED_SPEC)
    with with_mesh(mesh):
        dumped = EmbeddingDumper(mesh)(table)
    host = jax.device_get(dumped)
    print(nearest(host, probe_ids))
    return dumped


if __name__ == "__main__":
    main(*inputs())
