"""lm/train/eval_loss.py -- evaluation loss of the vocab-parallel LM head.

Ported from the pjit/xmap evaluator, where `lax.pmean(loss, ("data", "model"))` averaged over
every device of the mesh. Logits are split (batch over "data", vocabulary over "model").
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
AXIS_RULES = (("batch", "data"), ("vocab", "model"), ("length", None))


def logical_to_mesh(*names):
    rules = dict(AXIS_RULES)
    return P(*(rules[n] for n in names))


def mesh_axes_of(rules=AXIS_RULES):
    return tuple(axis for _, axis in rules if axis is not None)


def cross_entropy(logits, labels, vocab_axis):
    shard = logits.shape[-1]
    offset = jax.lax.axis_index(vocab_axis) * shard
    m = jax.lax.pmax(jnp.max(logits, axis=-1), vocab_axis)
    z = jax.lax.psum(jnp.sum(jnp.exp(logits - m[..., None]), axis=-1), vocab_axis)
    onehot = jax.nn.one_hot(labels - offset, shard, dtype=logits.dtype)
    correct = jax.lax.psum(jnp.sum(onehot * logits, axis=-1), vocab_axis)
    return m + jnp.log(z) - correct


class Evaluator:
    def __init__(self, mesh, vocab_axis="model"):
        self.mesh = mesh
        self.vocab_axis = vocab_axis

    @functools.cached_property
    def _fn(self):
        def body(logits, labels, mask):
            tok = cross_entropy(logits, labels, self.vocab_axis)
            loss = jnp.sum(tok * mask) / jnp.maximum(jnp.sum(mask), 1.0)
            return jax.lax.pmean(loss, mesh_axes_of())
        spec_l = logical_to_mesh("batch", "length", "vocab")
        spec_t = logical_to_mesh("batch", "length")
        return jax.jit(smap(body, self.mesh, (spec_l, spec_t, spec_t), P(), check_rep=True))

    def __call__(self, logits, labels, mask):
        return self._fn(logits, labels, mask)


def inputs():
    rng = np.random.default_rng(5)
    logits = rng.normal(size=(8, 6, 24)).astype(np.float32)
    labels = rng.integers(0, 24, size=(8, 6)).astype(np.int32)
    mask = (rng.random(size=(8, 6)) > 0.2).astype(np.float32)
    return logits, labels, mask


def main(logits, labels, mask):
    mesh = make_mesh((4, 2), MESH_AXES)
    logits = place(logits, mesh, logical_to_mesh("batch", "length", "vocab"))
    labels = place(labels, mesh, logical_to_mesh("batch", "length"))
    mask = place(mask, mesh, logical_to_mesh("batch", "length"))
    evaluator = Evaluator(mesh)
    with with_mesh(mesh):
        loss = evaluator(logits, labels, mask)
    print("eval loss", float(loss), "ppl", float(np.exp(loss)))
    return loss


if __name__ == "__main__":
    main(*inputs())
