"""mlp/eval/accuracy.py — per-class accuracy of a tensor-parallel MLP classifier.

Part of an imagined `tinytp` repo: Equinox-style modules, a (data, model) mesh, and the
hidden layer split over `model` (Megatron column/row split).
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
        wkey, _ = jax.random.split(key)
        w = jax.random.normal(wkey, (d_in, d_out), jnp.float32) / np.sqrt(d_in)
        return cls(weight=w, bias=jnp.zeros((d_out,), jnp.float32))

    def __call__(self, x):
        return x @ self.weight + self.bias


class EvalConfig(Module):
    batch_axis: str = field(static=True, default="data")
    model_axis: str = field(static=True, default="model")
    log_axis: str = field(static=True, default="data")
    num_classes: int = field(static=True, default=10)


class TPClassifier(Module):
    up: Linear
    down: Linear
    cfg: EvalConfig

    @classmethod
    def init(cls, key, d_in, hidden, cfg):
        k1, k2 = jax.random.split(key)
        return cls(up=Linear.init(k1, d_in, hidden), down=Linear.init(k2, hidden, cfg.num_classes), cfg=cfg)

    def param_specs(self):
        m = self.cfg.model_axis
        return TPClassifier(up=Linear(weight=P(None, m), bias=P(m)),
                            down=Linear(weight=P(m, None), bias=P()), cfg=self.cfg)

    def logits(self, x):
        h = jax.nn.gelu(self.up(x))
        partial = h @ self.down.weight
        return jax.lax.psum(partial, self.cfg.model_axis) + self.down.bias

    def __call__(self, x, y):
        cfg = self.cfg
        pred = jnp.argmax(self.logits(x), axis=-1)
        onehot = jax.nn.one_hot(y, cfg.num_classes)
        hits = jnp.sum(onehot * (pred == y)[:, None], axis=0)
        seen = jnp.sum(onehot, axis=0)
        shard_acc = hits / jnp.maximum(seen, 1.0)
        hits = jax.lax.psum(hits, cfg.batch_axis)
        seen = jax.lax.psum(seen, cfg.batch_axis)
        per_class = hits / jnp.maximum(seen, 1.0)
        logged = jax.lax.all_gather(shard_acc, cfg.log_axis, to="reduced")
        return per_class, logged


def evaluate(model, mesh, x, y):
    cfg = model.cfg
    specs = model.param_specs()
    arrays, static = partition(model, is_array)
    array_specs, _ = partition(specs, lambda s: isinstance(s, P))

    def body(params, xb, yb):
        return combine(params, static)(xb, yb)

    run = jax.shard_map(body, mesh=mesh,
                        in_specs=(array_specs, P(cfg.batch_axis, None), P(cfg.batch_axis)),
                        out_specs=(P(), P(None, None, reduced={cfg.log_axis})))
    return run(arrays, x, y)


def place(tree, specs, mesh):
    return jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), tree, specs,
                        is_leaf=lambda s: isinstance(s, P))


def inputs():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    key = jax.random.PRNGKey(0)
    kx, ky, km = jax.random.split(key, 3)
    x = np.asarray(jax.random.normal(kx, (64, 16)))
    y = np.asarray(jax.random.randint(ky, (64,), 0, 10))
    model = TPClassifier.init(km, 16, 32, EvalConfig())
    return mesh, model, x, y


def main(mesh, model, x, y):
    cfg = model.cfg
    arrays, static = partition(model, is_array)
    array_specs, _ = partition(model.param_specs(), lambda s: isinstance(s, P))
    with jax.set_mesh(mesh):
        placed = combine(place(arrays, array_specs, mesh), static)
        xs = jax.device_put(x, NamedSharding(mesh, P(cfg.batch_axis, None)))
        ys = jax.device_put(y, NamedSharding(mesh, P(cfg.batch_axis)))
        per_class, logged = evaluate(placed, mesh, xs, ys)
    acc = np.asarray(per_class)
    print("per-class accuracy:", np.round(acc, 3))
    print("mean accuracy: %.3f" % float(acc.mean()))


if __name__ == "__main__":
    main(*inputs())
