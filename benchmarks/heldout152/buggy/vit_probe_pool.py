"""vision/vit/probe_features.py -- pooled patch features for the linear-probe evaluation.

Images are split over "batch" and their patch grid over "spatial". This started as a pjit
program with `with_sharding_constraint` hints; the pooling is now a shard_map body.
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

MESH_SHAPE = (2, 4)
MESH_NAMES = ("batch", "spatial")

PROBE_CONFIG = {
    "image_axis": "batch",
    "patch_axis": "spatial",
    "gather_over": "spatial",
    "pool": "mean",
}


def patchify(images, patch):
    n, h, w, c = images.shape
    x = images.reshape(n, h // patch, patch, w // patch, patch, c)
    x = x.transpose(0, 1, 3, 2, 4, 5)
    return x.reshape(n, (h // patch) * (w // patch), patch * patch * c)


def pool_patches(tokens, cfg):
    local = jnp.sum(tokens, axis=1)
    count = jax.lax.psum(tokens.shape[1], cfg["patch_axis"])
    total = jax.lax.psum(local, cfg["patch_axis"])
    if cfg["pool"] == "mean":
        return total / count
    return total


def probe_body(cfg, proj):
    def body(tokens):
        feats = pool_patches(tokens, cfg) @ proj
        feats = feats / (jnp.linalg.norm(feats, axis=-1, keepdims=True) + 1e-6)
        return jax.lax.all_gather(feats, cfg["gather_over"], axis=0, tiled=True, to="reduced")
    return body


def probe_features(mesh, tokens, proj, cfg=PROBE_CONFIG):
    spec_in = P(cfg["image_axis"], cfg["patch_axis"], None)
    spec_out = P(None, None, reduced={cfg["gather_over"]})
    fn = smap(probe_body(cfg, proj), mesh, (spec_in,), spec_out, check_vma=True)
    return jax.jit(fn)(tokens)


def fit_probe(feats, labels, classes):
    feats = np.asarray(feats, np.float64)
    onehot = np.eye(classes)[labels]
    gram = feats.T @ feats + 1e-2 * np.eye(feats.shape[1])
    return np.linalg.solve(gram, feats.T @ onehot)


def inputs():
    rng = np.random.default_rng(7)
    images = rng.random(size=(8, 16, 16, 3)).astype(np.float32)
    labels = rng.integers(0, 4, size=(8,))
    proj = (rng.normal(size=(48, 12)) / 7.0).astype(np.float32)
    return images, labels, proj


def main(images, labels, proj):
    mesh = make_mesh(MESH_SHAPE, MESH_NAMES)
    tokens = patchify(images, patch=4)
    tokens = place(tokens, mesh, P("batch", "spatial", None))
    with with_mesh(mesh):
        feats = probe_features(mesh, tokens, proj)
    w = fit_probe(jax.device_get(feats), labels, classes=4)
    print("probe weights", w.shape)
    return feats


if __name__ == "__main__":
    main(*inputs())
