"""flows/realnvp/logdet_report.py — per-sample log-determinants of an affine coupling layer.

Imagined `flowtp` repo: RealNVP-style coupling layers whose conditioner MLP has its hidden layer
split over `model`, samples split over `data`. The report gathers the log-dets over the axis in
the flow config.
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


class FlowConfig(Module):
    data_axis: str = field(static=True, default="data")
    model_axis: str = field(static=True, default="model")
    report_axis: str = field(static=True, default="model")


class Conditioner(Module):
    w1: jax.Array
    w2: jax.Array
    cfg: FlowConfig = field(static=True, default=FlowConfig())

    def specs(self):
        m = self.cfg.model_axis
        return dataclasses.replace(self, w1=P(None, m), w2=P(m, None))

    def __call__(self, x):
        h = jnp.tanh(x @ self.w1)
        return jax.lax.psum(h @ self.w2, self.cfg.model_axis)


class AffineCoupling(Module):
    net: Conditioner
    half: int = field(static=True, default=2)

    @classmethod
    def init(cls, key, dim, hidden, cfg=FlowConfig()):
        k1, k2 = jax.random.split(key)
        half = dim // 2
        net = Conditioner(w1=jax.random.normal(k1, (half, hidden)) / np.sqrt(half),
                          w2=jax.random.normal(k2, (hidden, 2 * (dim - half))) * 0.1, cfg=cfg)
        return cls(net=net, half=half)

    def specs(self):
        return dataclasses.replace(self, net=self.net.specs())

    def __call__(self, x):
        xa, xb = x[:, :self.half], x[:, self.half:]
        st = self.net(xa)
        s, t = jnp.tanh(st[:, : xb.shape[1]]), st[:, xb.shape[1]:]
        y = jnp.concatenate([xa, xb * jnp.exp(s) + t], axis=1)
        return y, jnp.sum(s, axis=1)


def report_body(layer, x):
    cfg = layer.net.cfg
    y, logdet = layer(x)
    reported = jax.lax.all_gather(logdet, cfg.report_axis, tiled=True, to="reduced")
    return y, reported


def run_report(layer, mesh, x):
    cfg = layer.net.cfg
    fn = jax.shard_map(report_body, mesh=mesh, in_specs=(layer.specs(), P(cfg.data_axis, None)),
                       out_specs=(P(cfg.data_axis, None), P(cfg.data_axis, reduced={cfg.report_axis})))
    return fn(layer, x)


def inputs():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    k1, k2 = jax.random.split(jax.random.PRNGKey(40))
    layer = AffineCoupling.init(k1, 4, 8)
    x = np.asarray(jax.random.normal(k2, (16, 4)), np.float32)
    return mesh, layer, x


def main(mesh, layer, x):
    with jax.set_mesh(mesh):
        placed = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), layer, layer.specs())
        xs = jax.device_put(x, NamedSharding(mesh, P("data", None)))
        y, logdet = run_report(placed, mesh, xs)
        logdet = np.asarray(jax.device_get(logdet))
    print("log-det mean %.4f std %.4f" % (logdet.mean(), logdet.std()))


if __name__ == "__main__":
    main(*inputs())
