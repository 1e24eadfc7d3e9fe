"""diffusion/sample/guided_decode.py -- classifier-free guidance for the latent decoder.

The latent is split over its channel blocks on the 8-device "data" axis; the decoder head needs the
full conditional and unconditional noise estimates, which the xmap sampler broadcast. The port
gathers them (reduced, so the guidance gradient used in distillation sums correctly).
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

AXIS = "data"
LATENT_SPEC = P(None, AXIS)


@dataclasses.dataclass(frozen=True)
class Guidance:
    scale: float = 3.0
    rescale: bool = False

    def combine(self, eps_c, eps_u):
        return eps_u + self.scale * (eps_c - eps_u)


def eps_model(z, cond, w):
    return jnp.tanh(z * w + cond)


def full_estimate(eps_block):
    return jax.lax.all_gather(eps_block, AXIS, axis=1, tiled=True, to="reduced")


def decode_head(eps_full, proj):
    return eps_full @ proj


def make_body(guidance):
    def body(z, cond, w, proj):
        eps_c = full_estimate(eps_model(z, cond, w))
        eps_u = full_estimate(eps_model(z, jnp.zeros_like(cond), w))
        eps = guidance.combine(eps_c, eps_u)
        return decode_head(eps, proj)
    return body


def build(mesh, guidance):
    specs = (LATENT_SPEC, LATENT_SPEC, LATENT_SPEC, P(None, None))
    return jax.jit(smap(make_body(guidance), mesh, specs, P(None, None), check_rep=True))


def inputs():
    rng = np.random.default_rng(25)
    z = rng.normal(size=(4, 16)).astype(np.float32)
    cond = rng.normal(size=(4, 16)).astype(np.float32)
    w = rng.normal(size=(4, 16)).astype(np.float32)
    proj = (rng.normal(size=(16, 3)) / 4).astype(np.float32)
    return z, cond, w, proj


def main(z, cond, w, proj):
    mesh = make_mesh((8,), (AXIS,))
    z, cond, w = (place(a, mesh, LATENT_SPEC) for a in (z, cond, w))
    proj = place(proj, mesh, P(None, None))
    with with_mesh(mesh):
        out = build(mesh, Guidance())(z, cond, w, proj)
    print("decoded", np.asarray(out).round(3)[0])
    return out


if __name__ == "__main__":
    main(*inputs())
