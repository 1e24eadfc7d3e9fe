"""vision/vit/publish_head.py -- publish the classifier head after fine-tuning.

The head is trained with its classes split over "spatial" (the features over "batch"); the
model registry wants it whole. Ported from a pjit identity with `out_shardings=P()`
to `top_level_all_gather` on the training mesh.
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

import hashlib

MESH_NAMES = ("batch", "spatial")
HEAD_SPEC = P(None, "spatial")
PUBLISH_SPEC = P(None, None, reduced={"spatial"})


def finetune_head(head, feats, labels, lr=0.1, steps=3):
    @jax.jit
    def step(w):
        def loss(w):
            logits = feats @ w
            logz = jax.nn.logsumexp(logits, axis=-1)
            return jnp.mean(logz - jnp.sum(labels * logits, axis=-1))
        return w - lr * jax.grad(loss)(w)
    for _ in range(steps):
        head = step(head)
    return head


def publish(head):
    with with_mesh(head.sharding.mesh):
        whole = top_level_all_gather(head, PUBLISH_SPEC)
    host = np.asarray(jax.device_get(whole))
    digest = hashlib.sha1(host.tobytes()).hexdigest()[:12]
    return whole, digest


class HeadTrainer:
    def __init__(self, mesh):
        self.mesh = mesh

    def run(self, head, feats, labels):
        head = place(head, self.mesh, HEAD_SPEC)
        feats = place(feats, self.mesh, P("batch", None))
        labels = place(labels, self.mesh, P("batch", "spatial"))
        with with_mesh(self.mesh):
            head = finetune_head(head, feats, labels)
        return head


def inputs():
    rng = np.random.default_rng(10)
    head = (0.01 * rng.normal(size=(16, 8))).astype(np.float32)
    feats = rng.normal(size=(32, 16)).astype(np.float32)
    labels = np.eye(8, dtype=np.float32)[rng.integers(0, 8, size=(32,))]
    return head, feats, labels


def main(head, feats, labels):
    mesh = make_mesh((2, 4), MESH_NAMES)
    trained = HeadTrainer(mesh).run(head, feats, labels)
    whole, digest = publish(trained)
    print("published head", whole.shape, digest)
    return whole


if __name__ == "__main__":
    main(*inputs())
