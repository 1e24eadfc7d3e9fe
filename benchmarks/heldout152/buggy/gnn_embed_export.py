"""graphs/export/node_embeddings.py -- export the final node embeddings to the feature store.

Embeddings are (nodes, dims) with nodes over "nodes" and dims over "feat". The store wants the
whole table on every host; the pjit exporter resharded to `P()`. In the port, the dims are
stitched first (the row L2 norm needs them), then the table is gathered over the whole mesh.
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

EMB_SPEC = P("nodes", "feat")


def l2_rows(x):
    return x / (jnp.sqrt(jnp.sum(x * x, axis=-1, keepdims=True)) + 1e-6)


class EmbeddingExporter:
    def __init__(self, mesh):
        self.mesh = mesh
        self.feat_axis = "feat"

    def stitch_dims(self, block):
        return jax.lax.all_gather(block, self.feat_axis, axis=1, tiled=True, to="reduced")

    def gather_table(self, rows):
        return jax.lax.all_gather(rows, axis_name=self.mesh.axis_names, axis=0, tiled=True, to="reduced")

    def body(self, block, scale):
        rows = self.stitch_dims(block * scale)
        rows = jnp.tanh(rows)
        return self.gather_table(rows)

    @functools.cached_property
    def fn(self):
        out = P(None, None, reduced=set(self.mesh.axis_names))
        return jax.jit(smap(self.body, self.mesh, (EMB_SPEC, P("feat")), out, check_rep=True))

    def __call__(self, emb, scale):
        return self.fn(emb, scale)


def write_store(table, prefix="node_emb"):
    table = l2_rows(jnp.asarray(np.asarray(table)))
    return {f"{prefix}/{i}": np.asarray(row) for i, row in enumerate(table)}


def inputs():
    rng = np.random.default_rng(33)
    return rng.normal(size=(16, 8)).astype(np.float32), np.full((8,), 0.5, np.float32)


def main(emb, scale):
    mesh = make_mesh((2, 4), ("nodes", "feat"))
    emb = place(emb, mesh, EMB_SPEC)
    scale = place(scale, mesh, P("feat"))
    with with_mesh(mesh):
        table = EmbeddingExporter(mesh)(emb, scale)
    store = write_store(jax.device_get(table))
    print("rows written", len(store))
    return table


if __name__ == "__main__":
    main(*inputs())
