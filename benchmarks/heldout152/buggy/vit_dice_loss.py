"""vision/seg/dice_loss.py -- soft Dice loss for the segmentation head.

Masks are split over "batch" (images) and "spatial" (image rows). The pjit version let XLA pick
the reductions; the shard_map port spells them out, reusing the per-image helpers of the metrics
module.
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

from typing import NamedTuple

MESH_NAMES = ("batch", "spatial")
MASK_SPEC = P("batch", "spatial", None, None)


class DiceTerms(NamedTuple):
    overlap: jax.Array
    pred_mass: jax.Array
    true_mass: jax.Array


def per_image_sum(x, spatial_axis="spatial"):
    return jax.lax.psum(jnp.sum(x, axis=(1, 2)), spatial_axis)


def dice_terms(logits, masks):
    probs = jax.nn.sigmoid(logits)
    return DiceTerms(
        overlap=per_image_sum(probs * masks),
        pred_mass=per_image_sum(probs),
        true_mass=per_image_sum(masks),
    )


def dice_loss_body(logits, masks):
    t = dice_terms(logits, masks)
    dice = (2.0 * t.overlap + 1.0) / (t.pred_mass + t.true_mass + 1.0)
    per_image = 1.0 - jnp.mean(dice, axis=-1)
    n_images = jax.lax.psum(per_image.shape[0], "batch")
    return jax.lax.psum(jnp.sum(per_image), MESH_NAMES) / n_images


def make_loss(mesh):
    fn = smap(dice_loss_body, mesh, (MASK_SPEC, MASK_SPEC), P(), check_rep=True)
    return jax.jit(fn)


def inputs():
    rng = np.random.default_rng(11)
    logits = rng.normal(size=(4, 16, 16, 3)).astype(np.float32)
    masks = (rng.random(size=(4, 16, 16, 3)) > 0.7).astype(np.float32)
    return logits, masks


def main(logits, masks):
    mesh = make_mesh((2, 4), MESH_NAMES)
    logits = place(logits, mesh, MASK_SPEC)
    masks = place(masks, mesh, MASK_SPEC)
    with with_mesh(mesh):
        loss = make_loss(mesh)(logits, masks)
    print("dice loss", float(loss))
    return loss


if __name__ == "__main__":
    main(*inputs())
