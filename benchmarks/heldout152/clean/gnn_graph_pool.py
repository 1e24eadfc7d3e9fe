"""graphs/readout/graph_pool.py -- graph-level readout for batched molecule graphs.

Node features are (nodes, feat) with the nodes split over the whole ("nodes", "feat") mesh. The
readout sums the nodes of each graph (segment sum, then a psum over "nodes") and scatters the
pooled table back over the whole mesh for the next stage, as the xmap readout did with one
`psum_scatter` over both named axes.
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

NODE_SPEC = P(("nodes", "feat"), None)
SEG_SPEC = P(("nodes", "feat"))
N_GRAPHS = 8
READOUT_AXES = ("nodes", "feat")


def segment_pool(h, seg, n_graphs=N_GRAPHS):
    onehot = jax.nn.one_hot(seg, n_graphs, dtype=h.dtype)
    return onehot.T @ h


def graph_sizes(seg, n_graphs=N_GRAPHS):
    counts = jnp.sum(jax.nn.one_hot(seg, n_graphs), axis=0)
    return jax.lax.psum(counts, READOUT_AXES)


def readout(h, seg):
    pooled = segment_pool(h, seg)
    sizes = graph_sizes(seg)
    summed = jax.lax.psum_scatter(pooled, READOUT_AXES, scatter_dimension=0, tiled=True)
    mine = jax.lax.dynamic_slice_in_dim(sizes, jax.lax.axis_index(READOUT_AXES) * summed.shape[0], summed.shape[0])
    return summed / jnp.maximum(mine, 1.0)[:, None]


def build(mesh):
    return jax.jit(smap(readout, mesh, (NODE_SPEC, SEG_SPEC), P(READOUT_AXES, None), check_rep=True))


def predict(pooled, w):
    return np.tanh(np.asarray(pooled) @ w)


def inputs():
    rng = np.random.default_rng(36)
    h = rng.normal(size=(32, 8)).astype(np.float32)
    seg = np.sort(rng.integers(0, N_GRAPHS, size=(32,))).astype(np.int32)
    w = rng.normal(size=(8, 1)).astype(np.float32)
    return h, seg, w


def main(h, seg, w):
    mesh = make_mesh((2, 4), READOUT_AXES)
    h = place(h, mesh, NODE_SPEC)
    seg = place(seg, mesh, SEG_SPEC)
    with with_mesh(mesh):
        pooled = build(mesh)(h, seg)
    print("graph scores", predict(jax.device_get(pooled), w).ravel().round(3))
    return pooled


if __name__ == "__main__":
    main(*inputs())
