"""mlp/losses/act_regulariser.py — cross-entropy plus an activation-norm penalty, TP MLP.

Imagined `tinytp` repo. The penalty can be logged on the full hidden vector (`log_full_hidden`),
which gathers the `model`-split activations.
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
        return cls(weight=jax.random.normal(key, (d_in, d_out), jnp.float32) / np.sqrt(d_in),
                   bias=jnp.zeros((d_out,), jnp.float32))

    def __call__(self, x):
        return x @ self.weight + self.bias


class LossConfig(Module):
    data_axis: str = field(static=True, default="data")
    model_axis: str = field(static=True, default="model")
    penalty: float = field(static=True, default=1e-3)
    log_full_hidden: bool = field(static=True, default=True)


class RegularisedLoss(Module):
    up: Linear
    down: Linear
    cfg: LossConfig

    def specs(self):
        m = self.cfg.model_axis
        return RegularisedLoss(up=Linear(P(None, m), P(m)), down=Linear(P(m, None), P()), cfg=self.cfg)

    def __call__(self, x, y):
        cfg = self.cfg
        h = jax.nn.relu(self.up(x))
        logits = jax.lax.psum(h @ self.down.weight, cfg.model_axis) + self.down.bias
        logp = jax.nn.log_softmax(logits)
        nll = -jnp.mean(jnp.take_along_axis(logp, y[:, None], axis=1))
        if cfg.log_full_hidden:
            h = jax.lax.all_gather(h, cfg.model_axis, axis=1, tiled=True, to="reduced")
        sq = jnp.sum(h * h, axis=1)
        act_norm = jax.lax.psum(sq, cfg.model_axis)
        loss = nll + cfg.penalty * jnp.mean(act_norm)
        return jax.lax.pmean(loss, cfg.data_axis)


def sharded_loss(model, mesh):
    arrays, static = partition(model, is_array)
    specs, _ = partition(model.specs(), lambda s: isinstance(s, P))
    d = model.cfg.data_axis

    def body(params, x, y):
        return combine(params, static)(x, y)

    return jax.shard_map(body, mesh=mesh, in_specs=(specs, P(d, None), P(d)), out_specs=P()), arrays, specs


def inputs():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    keys = jax.random.split(jax.random.PRNGKey(2), 4)
    model = RegularisedLoss(up=Linear.init(keys[0], 20, 16), down=Linear.init(keys[1], 16, 5), cfg=LossConfig())
    x = np.asarray(jax.random.normal(keys[2], (48, 20)))
    y = np.asarray(jax.random.randint(keys[3], (48,), 0, 5))
    return mesh, model, x, y


def main(mesh, model, x, y):
    d = model.cfg.data_axis
    with jax.set_mesh(mesh):
        fn, arrays, specs = sharded_loss(model, mesh)
        params = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), arrays, specs,
                              is_leaf=lambda s: s is None or isinstance(s, P))
        xs = jax.device_put(x, NamedSharding(mesh, P(d, None)))
        ys = jax.device_put(y, NamedSharding(mesh, P(d)))
        loss = jax.jit(fn)(params, xs, ys)
    print("regularised loss: %.4f" % float(loss))


if __name__ == "__main__":
    main(*inputs())
