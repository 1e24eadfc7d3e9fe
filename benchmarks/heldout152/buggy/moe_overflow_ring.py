"""moe/router/overflow_ring.py -- second-chance routing of tokens that overflow an expert.

Tokens that do not fit their expert's capacity are passed to the next expert on the "expert" ring
(one hop of `ppermute`). The buffers are split over "data" (token groups) and "expert". This came
from the pmap router (`lax.ppermute` over the device axis) and was half moved to shard_map.
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

import math

MESH_NAMES = ("data", "expert", "model")
BUF_SPEC = P("expert", "data", None)
N_EXPERT_SHARDS = 2


def ring_perm(n):
    return [(i, (i + 1) % n) for i in range(n)]


def capacity_mask(scores, capacity):
    order = jnp.argsort(-scores, axis=-1)
    rank = jnp.argsort(order, axis=-1)
    return (rank < capacity).astype(scores.dtype)


class OverflowRouter:
    def __init__(self, capacity_factor=1.0, audit=False):
        self.capacity_factor = capacity_factor
        self.audit = audit

    def split(self, tokens, scores):
        capacity = max(1, int(math.floor(self.capacity_factor * scores.shape[-1] / 2)))
        keep = capacity_mask(scores, capacity)
        kept = tokens * keep[..., None]
        spill = tokens * (1.0 - keep)[..., None]
        return kept, spill

    def second_chance(self, spill):
        if self.audit:
            spill = jax.lax.all_gather(spill, "expert", axis=0, tiled=True, to="reduced")
            spill = spill[:1]
        return jax.lax.ppermute(spill, "expert", ring_perm(N_EXPERT_SHARDS))

    def __call__(self, tokens, scores):
        kept, spill = self.split(tokens, scores)
        moved = self.second_chance(spill)
        return kept + moved


def build(mesh, router):
    specs = (BUF_SPEC, P("expert", "data"))
    return jax.jit(smap(router, mesh, specs, BUF_SPEC, check_rep=True))


def inputs():
    rng = np.random.default_rng(15)
    tokens = rng.normal(size=(2, 8, 4)).astype(np.float32)
    scores = rng.random(size=(2, 8)).astype(np.float32)
    return tokens, scores, {"capacity_factor": 1.0, "audit": True}


def main(tokens, scores, router_kwargs):
    mesh = make_mesh((2, 2, 2), MESH_NAMES)
    tokens = place(tokens, mesh, BUF_SPEC)
    scores = place(scores, mesh, P("expert", "data"))
    router = OverflowRouter(**router_kwargs)
    with with_mesh(mesh):
        routed = build(mesh, router)(tokens, scores)
    host = np.asarray(jax.device_get(routed))
    print("routed", host.shape, float(np.abs(host).sum()))
    return routed


if __name__ == "__main__":
    main(*inputs())
