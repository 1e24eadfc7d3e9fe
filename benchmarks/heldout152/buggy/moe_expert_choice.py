"""moe/router/expert_choice.py -- expert-choice routing: each expert picks its top tokens.

Router logits are split over "data" (token groups) and "expert". Expert choice needs every token
of a group in front of each expert, so the logits are gathered over "data"; the xmap version
broadcast them, the port keeps the gathered copy reduced for the backward pass.
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

MESH_NAMES = ("data", "expert", "model")
LOGIT_SPEC = P("data", "expert")
ROUTING = {"temperature": 0.7, "capacity": 4, "gather_axis": "data"}


def gather_tokens(logits, axis_name):
    return jax.lax.all_gather(logits, axis_name, axis=0, tiled=True, to="reduced")


def tempered(logits, temperature):
    return logits / temperature


def choose(scores, capacity):
    top, idx = jax.lax.top_k(scores.T, capacity)
    return top, idx


def expert_choice_body(logits, routing):
    every = gather_tokens(logits, routing["gather_axis"])
    scores = tempered(every, routing["temperature"])
    weights, token_ids = choose(scores, routing["capacity"])
    return weights, token_ids


def build(mesh, routing):
    body = functools.partial(expert_choice_body, routing=routing)
    out = (P("expert", None), P("expert", None))
    return jax.jit(smap(body, mesh, (LOGIT_SPEC,), out, check_rep=True))


def token_coverage(token_ids, n_tokens):
    seen = np.zeros(n_tokens, bool)
    seen[np.asarray(token_ids).ravel()] = True
    return float(seen.mean())


def inputs():
    rng = np.random.default_rng(19)
    return rng.normal(size=(16, 8)).astype(np.float32), dict(ROUTING)


def main(logits, routing):
    mesh = make_mesh((2, 2, 2), MESH_NAMES)
    logits = place(logits, mesh, LOGIT_SPEC)
    with with_mesh(mesh):
        weights, token_ids = build(mesh, routing)(logits)
    ids = jax.device_get(token_ids)
    print("coverage", token_coverage(ids, logits.shape[0]), weights.shape)
    return weights


if __name__ == "__main__":
    main(*inputs())
