"""cfd/io/plane_writer.py -- write x-planes of the velocity magnitude for visualisation.

The field lives on a 2x2x2 ("x", "y", "z") mesh. Each x-slab writes its own planes: the z columns
are stitched first (the vorticity stencil needs them), then the plane is collected over the
in-plane axes, which the port reads off the mesh instead of the old pjit config.
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

FIELD_SPEC = P("x", "y", "z")


def speed(u, v, w):
    return jnp.sqrt(u * u + v * v + w * w)


def stitch_z(block):
    return jax.lax.all_gather(block, "z", axis=2, tiled=True, to="reduced")


def in_plane_axes(mesh):
    return tuple(mesh.axis_names[1:])


class PlaneWriter:
    def __init__(self, mesh, every=2):
        self.mesh = mesh
        self.every = every

    def body(self, u, v, w):
        s = speed(u, v, w)[:: self.every]
        s = stitch_z(s)
        return jax.lax.all_gather(s, in_plane_axes(self.mesh), axis=1, tiled=True, to="reduced")

    def specs(self):
        out = P("x", None, None, reduced=set(in_plane_axes(self.mesh)))
        return (FIELD_SPEC,) * 3, out

    def __call__(self, u, v, w):
        in_specs, out_specs = self.specs()
        fn = _legacy_shard_map(self.body, self.mesh, in_specs, out_specs, check_rep=True)
        return jax.jit(fn)(u, v, w)


def to_frames(planes):
    planes = np.asarray(planes)
    peak = planes.max() if planes.size else 1.0
    return [(p / peak * 255).astype(np.uint8) for p in planes]


def inputs():
    rng = np.random.default_rng(39)
    return tuple(rng.normal(size=(8, 8, 8)).astype(np.float32) for _ in range(3))


def main(u, v, w):
    mesh = make_mesh((2, 2, 2), ("x", "y", "z"))
    u, v, w = (place(a, mesh, FIELD_SPEC) for a in (u, v, w))
    with with_mesh(mesh):
        planes = PlaneWriter(mesh)(u, v, w)
    frames = to_frames(jax.device_get(planes))
    print("frames", len(frames), frames[0].shape)
    return planes


if __name__ == "__main__":
    main(*inputs())
