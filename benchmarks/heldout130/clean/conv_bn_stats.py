"""vision/layers/batchnorm_stats.py — running BatchNorm statistics of a channel-split conv block.

Imagined `convtp` repo: 1-D conv nets with output channels split over `chan` and examples over
`batch`. The batch statistics are psum'd over `batch`; the tracker logs the full channel vector.
"""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---------------------------------------------------------------------------------------------
# eqx_lite: the bits of Equinox this repo uses, written out by hand (equinox is not a dependency)
# ---------------------------------------------------------------------------------------------


def field(*, static=False, **kwargs):
    """A dataclass field; static=True keeps it out of the pytree leaves (axis names, sizes)."""
    metadata = dict(kwargs.pop("metadata", None) or {})
    metadata["static"] = static
    return dataclasses.field(metadata=metadata, **kwargs)


def is_array(x):
    return isinstance(x, (jax.Array, np.ndarray, np.generic))


class Module:
    """Subclasses become frozen dataclasses registered as pytrees."""

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        dataclasses.dataclass(frozen=True)(cls)
        names = [f.name for f in dataclasses.fields(cls)]
        static = tuple(n for n in names if cls.__dataclass_fields__[n].metadata.get("static"))
        dynamic = tuple(n for n in names if n not in static)

        def flatten(m):
            return tuple(getattr(m, n) for n in dynamic), tuple(getattr(m, n) for n in static)

        def unflatten(aux, children):
            m = object.__new__(cls)
            for n, v in zip(dynamic, children):
                object.__setattr__(m, n, v)
            for n, v in zip(static, aux):
                object.__setattr__(m, n, v)
            return m

        jax.tree_util.register_pytree_node(cls, flatten, unflatten)


def partition(tree, filter_spec):
    keep = jax.tree.map(lambda x: x if filter_spec(x) else None, tree)
    rest = jax.tree.map(lambda x: None if filter_spec(x) else x, tree)
    return keep, rest


def combine(a, b):
    return jax.tree.map(lambda x, y: y if x is None else x, a, b, is_leaf=lambda x: x is None)


def filter_jit(fn):
    """jit over the array leaves of the arguments; everything else is static."""
    cache = {}

    @functools.wraps(fn)
    def wrapper(*args):
        arrays, other = partition(args, is_array)
        leaves, treedef = jax.tree.flatten(other)
        key = (treedef, tuple(leaves))
        if key not in cache:
            cache[key] = jax.jit(lambda a: fn(*combine(a, other)))
        return cache[key](arrays)

    return wrapper


def tree_at(where, tree, replace):
    """Functional update of one attribute path, e.g. tree_at(lambda m: m.fc.weight, model, w)."""
    path = []

    class _Probe:
        def __getattr__(self, name):
            path.append(name)
            return self

    where(_Probe())

    def _set(node, names):
        if not names:
            return replace
        head, *rest = names
        return dataclasses.replace(node, **{head: _set(getattr(node, head), rest)})

    return _set(tree, path)


# ---------------------------------------------------------------------------------------------


class Conv1d(Module):
    kernel: jax.Array
    bias: jax.Array
    padding: str = field(static=True, default="SAME")

    @classmethod
    def init(cls, key, width, c_in, c_out):
        k = jax.random.normal(key, (width, c_in, c_out)) / np.sqrt(width * c_in)
        return cls(kernel=k, bias=jnp.zeros((c_out,)))

    def __call__(self, x):
        y = jax.lax.conv_general_dilated(x, self.kernel, (1,), self.padding,
                                         dimension_numbers=("NWC", "WIO", "NWC"))
        return y + self.bias


class StatsConfig(Module):
    batch_axis: str = field(static=True, default="batch")
    channel_axis: str = field(static=True, default="chan")
    stats_axis: str = field(static=True, default="chan")
    eps: float = field(static=True, default=1e-5)


class BatchStats(Module):
    conv: Conv1d
    cfg: StatsConfig

    def specs(self):
        c = self.cfg.channel_axis
        return BatchStats(conv=Conv1d(kernel=P(None, None, c), bias=P(c)), cfg=self.cfg)

    def __call__(self, x):
        cfg = self.cfg
        y = jax.nn.relu(self.conv(x))
        n = jax.lax.psum(y.shape[0] * y.shape[1], cfg.batch_axis)
        mean = jax.lax.psum(jnp.sum(y, axis=(0, 1)), cfg.batch_axis) / n
        sq = jax.lax.psum(jnp.sum(y * y, axis=(0, 1)), cfg.batch_axis) / n
        var = sq - mean * mean
        tracked_mean = jax.lax.all_gather(mean, cfg.stats_axis, tiled=True, to="reduced")
        tracked_var = jax.lax.all_gather(var, cfg.stats_axis, tiled=True, to="reduced")
        return tracked_mean, tracked_var


def collect_stats(module, mesh, x):
    cfg = module.cfg
    out = P(None, reduced={cfg.stats_axis})
    fn = jax.shard_map(lambda m, xb: m(xb), mesh=mesh,
                       in_specs=(module.specs(), P(cfg.batch_axis, None, None)), out_specs=(out, out))
    return fn(module, x)


def inputs():
    mesh = jax.make_mesh((4, 2), ("batch", "chan"))
    k1, k2 = jax.random.split(jax.random.PRNGKey(10))
    module = BatchStats(conv=Conv1d.init(k1, 3, 4, 8), cfg=StatsConfig())
    x = np.asarray(jax.random.normal(k2, (16, 20, 4)), np.float32)
    return mesh, module, x


def main(mesh, module, x):
    with jax.set_mesh(mesh):
        placed = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), module, module.specs())
        xs = jax.device_put(x, NamedSharding(mesh, P("batch", None, None)))
        mean, var = collect_stats(placed, mesh, xs)
        mean, var = np.asarray(jax.device_get(mean)), np.asarray(jax.device_get(var))
    print("channel means:", np.round(mean, 3))
    print("channel vars: ", np.round(var, 3))


if __name__ == "__main__":
    main(*inputs())
