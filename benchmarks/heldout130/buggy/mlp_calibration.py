"""mlp/eval/calibration.py — temperature-scaled confidence of a data-parallel MLP classifier.

Imagined `tinytp` repo. The logits of the whole eval batch are gathered over `data` (kept
reduced, so the gradient of the temperature fit sums back) and divided by a learned temperature.
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


class Linear(Module):
    weight: jax.Array
    bias: jax.Array

    @classmethod
    def init(cls, key, d_in, d_out):
        return cls(weight=jax.random.normal(key, (d_in, d_out)) / np.sqrt(d_in), bias=jnp.zeros((d_out,)))

    def __call__(self, x):
        return x @ self.weight + self.bias


class MLP(Module):
    layers: tuple
    activation: str = field(static=True, default="tanh")

    @classmethod
    def init(cls, key, sizes):
        keys = jax.random.split(key, len(sizes) - 1)
        return cls(layers=tuple(Linear.init(k, a, b) for k, a, b in zip(keys, sizes[:-1], sizes[1:])))

    def __call__(self, x):
        act = getattr(jnp, self.activation)
        for layer in self.layers[:-1]:
            x = act(layer(x))
        return self.layers[-1](x)


class Calibrated(Module):
    net: MLP
    log_temperature: jax.Array
    data_axis: str = field(static=True, default="data")

    def confidence(self, x):
        logits = self.net(x)
        every = jax.lax.all_gather(logits, self.data_axis, axis=0, tiled=True, to="reduced")
        scaled = every / jnp.exp(self.log_temperature)
        return jnp.max(jax.nn.softmax(scaled, axis=-1), axis=-1)

    def __call__(self, mesh, x):
        fn = jax.shard_map(self.confidence.__func__, mesh=mesh,
                           in_specs=(P(), P(self.data_axis, None)),
                           out_specs=P(None, reduced={self.data_axis}))
        return fn(self, x)


def replicate(tree, mesh):
    arrays, static = partition(tree, is_array)
    arrays = jax.tree.map(lambda a: jax.device_put(a, NamedSharding(mesh, P())), arrays)
    return combine(arrays, static)


def expected_calibration_error(conf, correct, bins=5):
    edges = np.linspace(0.0, 1.0, bins + 1)
    ece = 0.0
    for lo, hi in zip(edges[:-1], edges[1:]):
        sel = (conf > lo) & (conf <= hi)
        if sel.any():
            ece += sel.mean() * abs(conf[sel].mean() - correct[sel].mean())
    return ece


def inputs():
    mesh = jax.make_mesh((8,), ("data",))
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(5), 3)
    model = Calibrated(net=MLP.init(k1, (6, 12, 4)), log_temperature=jnp.array(0.3, jnp.float32))
    x = np.asarray(jax.random.normal(k2, (64, 6)), np.float32)
    y = np.asarray(jax.random.randint(k3, (64,), 0, 4))
    return mesh, model, x, y


def main(mesh, model, x, y):
    with jax.set_mesh(mesh):
        placed = replicate(model, mesh)
        xs = jax.device_put(x, NamedSharding(mesh, P("data", None)))
        conf = placed(mesh, xs)
        pred = placed.net(jnp.asarray(x)).argmax(-1)
    conf = np.asarray(jax.device_get(conf))
    correct = (np.asarray(pred) == y).astype(np.float32)
    print("mean confidence: %.3f" % conf.mean())
    print("ECE: %.4f" % expected_calibration_error(conf, correct))


if __name__ == "__main__":
    main(*inputs())
