"""moe/checkpoint/router_export.py -- export the router and the expert gates for inference.

The router kernel is split over "data" (model dim) and "expert" (experts); inference wants it
whole. The gates per expert are split over "expert" only. Both go through `top_level_all_gather`
on the training mesh, the router with `multi_dim=True` since two dims are regathered.
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

from jax.experimental.pjit import pjit

MESH_NAMES = ("data", "expert", "model")
D_MODEL, N_EXPERTS = 8, 8

PLACEMENT = {
    "router": P("data", "expert"),
    "gates": P("expert"),
}
EXPORT = {
    "router": (P(None, None, reduced={"data", "expert"}), True),
    "gates": (P(None, reduced={"expert"}), False),
}


def init(key):
    k1, k2 = jax.random.split(key)
    return {
        "router": jax.random.normal(k1, (D_MODEL, N_EXPERTS)) * 0.02,
        "gates": jax.nn.sigmoid(jax.random.normal(k2, (N_EXPERTS,))),
    }


def sharded_init(mesh):
    return pjit(init, out_shardings={k: NamedSharding(mesh, s) for k, s in PLACEMENT.items()})


def export(params):
    out = {}
    for name, (spec, multi) in EXPORT.items():
        out[name] = top_level_all_gather(params[name], spec, multi_dim=multi)
    return out


def summary(tree):
    return {k: (tuple(v.shape), str(v.sharding.spec)) for k, v in tree.items()}


def inputs():
    return 46,


def main(seed):
    mesh = make_mesh((2, 2, 2), MESH_NAMES)
    with with_mesh(mesh):
        params = sharded_init(mesh)(jax.random.key(seed))
        exported = export(params)
    print(summary(exported))
    return exported["router"]


if __name__ == "__main__":
    main(*inputs())
