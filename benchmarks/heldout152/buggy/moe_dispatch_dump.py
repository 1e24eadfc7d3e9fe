"""moe/debug/dispatch_dump.py -- dump the per-expert outputs of one MoE layer for debugging.

Expert outputs come out of the expert FFN split over "expert" (which expert) and "data" (which
token group). The debugger wants the full (experts, tokens, hidden) tensor on the host. The old
pjit helper resharded to `P()`; this port gathers inside the shard_map body.
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
import operator

MESH_NAMES = ("data", "expert", "model")
OUT_SPEC = P("expert", "data", None)


def expert_ffn(x, w_in, w_out):
    h = jax.nn.gelu(jnp.einsum("etd,edf->etf", x, w_in))
    return jnp.einsum("etf,efd->etd", h, w_out)


class DispatchDumper:
    expert_axis = "expert"
    group_axis = "data"

    def __init__(self, mesh):
        self.mesh = mesh

    @property
    def dump_axes(self):
        return (self.group_axis, self.expert_axis)

    def gather_experts(self, y):
        return jax.lax.all_gather(y, self.expert_axis, axis=0, tiled=True, to="reduced")

    def gather_groups(self, y):
        return jax.lax.all_gather(y, self.dump_axes, axis=1, tiled=True, to="reduced")

    def body(self, x, w_in, w_out):
        y = expert_ffn(x, w_in, w_out)
        y = self.gather_experts(y)
        return self.gather_groups(y)

    def run(self, x, w_in, w_out):
        specs = (OUT_SPEC, P("expert", None, None), P("expert", None, None))
        out = P(None, None, None, reduced={self.expert_axis, self.group_axis})
        fn = smap(self.body, self.mesh, specs, out, check_rep=True)
        return jax.jit(fn)(x, w_in, w_out)


def checksum(arr):
    arr = np.asarray(arr)
    return functools.reduce(operator.add, (float(np.abs(a).sum()) for a in arr))


def inputs():
    rng = np.random.default_rng(14)
    x = rng.normal(size=(4, 8, 6)).astype(np.float32)
    w_in = (rng.normal(size=(4, 6, 12)) / 3).astype(np.float32)
    w_out = (rng.normal(size=(4, 12, 6)) / 3).astype(np.float32)
    return x, w_in, w_out


def main(x, w_in, w_out):
    mesh = make_mesh((2, 2, 2), MESH_NAMES)
    x = place(x, mesh, OUT_SPEC)
    w_in = place(w_in, mesh, P("expert", None, None))
    w_out = place(w_out, mesh, P("expert", None, None))
    with with_mesh(mesh):
        full = DispatchDumper(mesh).run(x, w_in, w_out)
    print("dump", full.shape, checksum(jax.device_get(full)))
    return full


if __name__ == "__main__":
    main(*inputs())
