"""A body mapped by the deprecated `jax.experimental.shard_map.shard_map(..., check_rep=True)` from
a method: the value it gathers with to='reduced' is varying on both axes, which JAX accepts."""
import contextlib
import warnings

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec

P = PS = PartitionSpec

try:
    from jax.experimental.shard_map import shard_map as _legacy_shard_map
except ImportError:
    _legacy_shard_map = None


JAX_VERSION = tuple(getattr(jax, "__version_info__", (0, 4, 35)))


def make_mesh(shape, names):
    if JAX_VERSION >= (0, 9, 0):
        return jax.make_mesh(shape, names)
    return jax.make_mesh(shape, names, axis_types=(jax.sharding.AxisType.Explicit,) * len(names))


@contextlib.contextmanager
def with_mesh(mesh):
    setter = getattr(jax, "set_mesh", None)
    if setter is None:
        with mesh:
            yield mesh
    else:
        with setter(mesh):
            yield mesh


def stitch(block, axis):
    return jax.lax.all_gather(block, axis, axis=1, tiled=True, to="reduced")


def wide_axes(mesh):
    return tuple(name for name in mesh.axis_names if mesh.shape[name] > 2)


class Writer:
    def __init__(self, mesh, every=2):
        self.mesh = mesh
        self.every = every

    def body(self, u, v):
        s = jnp.sqrt(u * u + v * v)[:: self.every]
        return jax.lax.all_gather(s, ("data",) + wide_axes(self.mesh), axis=0, tiled=True, to="reduced")

    def __call__(self, u, v, spec):
        out = P(None, None, reduced={"data", "model"})
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            fn = _legacy_shard_map(self.body, self.mesh, (spec, spec), out, check_rep=True)
        return jax.jit(fn)(u, v)


def inputs():
    return jnp.arange(64.0).reshape(8, 8), jnp.ones((8, 8))


def main(u, v):
    mesh = make_mesh((2, 4), ("data", "model"))
    spec = P("data", "model")
    u, v = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (u, v))
    with with_mesh(mesh):
        return Writer(mesh)(u, v, spec)


if __name__ == "__main__":
    main(*inputs())
