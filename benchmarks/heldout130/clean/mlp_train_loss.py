"""mlp/train/step_loss.py — the reported training loss of a tensor-parallel MLP.

Imagined `tinytp` repo. The loss is averaged over every device of the mesh for the logger, with
the axes read from the config Module.
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


class MeshConfig(Module):
    data: str = field(static=True, default="data")
    model: str = field(static=True, default="model")

    @property
    def loss_axes(self):
        return (self.data,)


class ColumnLinear(Module):
    weight: jax.Array
    cfg: MeshConfig = field(static=True, default=MeshConfig())

    def __call__(self, x):
        return jax.nn.silu(x @ self.weight)


class RowLinear(Module):
    weight: jax.Array
    cfg: MeshConfig = field(static=True, default=MeshConfig())

    def __call__(self, h):
        return jax.lax.psum(h @ self.weight, self.cfg.model)


class Classifier(Module):
    col: ColumnLinear
    row: RowLinear
    cfg: MeshConfig = field(static=True, default=MeshConfig())

    @classmethod
    def init(cls, key, d_in, hidden, n_out):
        k1, k2 = jax.random.split(key)
        return cls(col=ColumnLinear(jax.random.normal(k1, (d_in, hidden)) / np.sqrt(d_in)),
                   row=RowLinear(jax.random.normal(k2, (hidden, n_out)) / np.sqrt(hidden)))

    def specs(self):
        m = self.cfg.model
        return Classifier(col=ColumnLinear(P(None, m)), row=RowLinear(P(m, None)))

    def __call__(self, x):
        return self.row(self.col(x))

    def loss(self, x, y):
        logits = self(x)
        logz = jax.nn.logsumexp(logits, axis=-1)
        picked = jnp.take_along_axis(logits, y[:, None], axis=-1)[:, 0]
        return jnp.mean(logz - picked)

    def reported_loss(self, x, y):
        return jax.lax.pmean(self.loss(x, y), self.cfg.loss_axes)


@filter_jit
def train_loss(model, mesh, x, y):
    cfg = model.cfg
    body = lambda m, xb, yb: m.reported_loss(xb, yb)
    fn = jax.shard_map(body, mesh=mesh, in_specs=(model.specs(), P(cfg.data, None), P(cfg.data)),
                       out_specs=P())
    return fn(model, x, y)


def inputs():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    keys = jax.random.split(jax.random.PRNGKey(4), 3)
    model = Classifier.init(keys[0], 10, 8, 3)
    x = np.asarray(jax.random.normal(keys[1], (40, 10)), np.float32)
    y = np.asarray(jax.random.randint(keys[2], (40,), 0, 3))
    return mesh, model, x, y


def main(mesh, model, x, y):
    cfg = model.cfg
    with jax.set_mesh(mesh):
        specs = model.specs()
        placed = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), model, specs)
        xs = jax.device_put(x, NamedSharding(mesh, P(cfg.data, None)))
        ys = jax.device_put(y, NamedSharding(mesh, P(cfg.data)))
        loss = train_loss(placed, mesh, xs, ys)
    print("train loss: %.4f" % float(loss))


if __name__ == "__main__":
    main(*inputs())
