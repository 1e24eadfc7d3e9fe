"""vision/vit/global_tokens.py -- global-attention tokens for the hybrid ViT.

Patch tokens are split over "batch" (images) and "spatial" (patch rows). The global layer needs
every patch of an image on every device of its row of the mesh: the port from xmap gathers them
reduced over "spatial" and adds the learned position table before pooling.
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

MESH_NAMES = ("batch", "spatial")
TOKEN_SPEC = P("batch", "spatial", None)
EMBED = 8


def sincos_table(n, d):
    pos = np.arange(n)[:, None]
    freq = np.exp(-np.log(10000.0) * np.arange(0, d, 2) / d)[None, :]
    table = np.zeros((n, d), np.float32)
    table[:, 0::2] = np.sin(pos * freq)
    table[:, 1::2] = np.cos(pos * freq)
    return table


@functools.lru_cache(maxsize=None)
def position_table(n_patches, d=EMBED):
    return jnp.asarray(sincos_table(n_patches, d))


def collect_patches(tokens):
    return jax.lax.all_gather(tokens, "spatial", axis=1, tiled=True, to="reduced")


def global_pool(tokens, query):
    offset = jax.lax.axis_index("spatial") * tokens.shape[1]
    table = jax.lax.dynamic_slice_in_dim(position_table(tokens.shape[1] * 4), offset, tokens.shape[1])
    full = collect_patches(tokens + table)
    scores = jnp.einsum("bnd,d->bn", full, query)
    weights = jax.nn.softmax(scores, axis=-1)
    return jnp.einsum("bn,bnd->bd", weights, full)


def build_global_layer(mesh):
    def body(tokens, query):
        return global_pool(tokens, query)
    return jax.jit(smap(body, mesh, (TOKEN_SPEC, P(None)), P("batch", None), check_rep=True))


def inputs():
    rng = np.random.default_rng(12)
    tokens = rng.normal(size=(4, 16, EMBED)).astype(np.float32)
    query = rng.normal(size=(EMBED,)).astype(np.float32)
    return tokens, query


def main(tokens, query):
    mesh = make_mesh((2, 4), MESH_NAMES)
    tokens = place(tokens, mesh, TOKEN_SPEC)
    query = place(query, mesh, P(None))
    with with_mesh(mesh):
        pooled = build_global_layer(mesh)(tokens, query)
    print("pooled", np.asarray(pooled).shape)
    return pooled


if __name__ == "__main__":
    main(*inputs())
