"""mlp/train/grad_sync.py — gradient synchronisation and global-norm clipping for a TP MLP.

Imagined `tinytp` repo. Gradients of the column/row-split MLP are summed over `data`; the
global norm adds the `model`-split leaves' squares over `model` and the replicated bias once.
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


class SyncConfig(Module):
    data_axis: str = field(static=True, default="data")
    model_axis: str = field(static=True, default="model")
    max_norm: float = field(static=True, default=1.0)


class TPMLP(Module):
    w_up: jax.Array
    w_down: jax.Array
    b_out: jax.Array
    cfg: SyncConfig = field(static=True, default=SyncConfig())

    @classmethod
    def init(cls, key, d_in, hidden, d_out):
        k1, k2 = jax.random.split(key)
        return cls(w_up=jax.random.normal(k1, (d_in, hidden)) / np.sqrt(d_in),
                   w_down=jax.random.normal(k2, (hidden, d_out)) / np.sqrt(hidden),
                   b_out=jnp.zeros((d_out,)))

    def specs(self):
        m = self.cfg.model_axis
        return dataclasses.replace(self, w_up=P(None, m), w_down=P(m, None), b_out=P())

    def __call__(self, x):
        h = jax.nn.relu(x @ self.w_up)
        return jax.lax.psum(h @ self.w_down, self.cfg.model_axis) + self.b_out


def local_loss(model, x, y):
    err = model(x) - y
    return jnp.mean(err * err)


def synced_grads(model, x, y):
    cfg = model.cfg
    arrays, static = partition(model, is_array)
    grads = jax.grad(lambda a: local_loss(combine(a, static), x, y))(arrays)
    grads = jax.tree.map(lambda g: jax.lax.pmean(g, cfg.data_axis), grads)
    split_sq = jnp.sum(grads.w_up ** 2) + jnp.sum(grads.w_down ** 2)
    norm = jnp.sqrt(jax.lax.psum(split_sq, cfg.model_axis) + jnp.sum(grads.b_out ** 2))
    scale = jnp.minimum(1.0, cfg.max_norm / (norm + 1e-6))
    return jax.tree.map(lambda g: g * scale, grads), norm


def sync(model, mesh, x, y):
    d = model.cfg.data_axis
    arrays, static = partition(model, is_array)
    specs, _ = partition(model.specs(), lambda s: isinstance(s, P))
    fn = jax.shard_map(lambda a, xb, yb: synced_grads(combine(a, static), xb, yb), mesh=mesh,
                       in_specs=(specs, P(d, None), P(d, None)), out_specs=(specs, P()))
    return fn(arrays, x, y)


def inputs():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    ks = jax.random.split(jax.random.PRNGKey(70), 3)
    model = TPMLP.init(ks[0], 6, 8, 2)
    x = np.asarray(jax.random.normal(ks[1], (16, 6)), np.float32)
    y = np.asarray(jax.random.normal(ks[2], (16, 2)), np.float32)
    return mesh, model, x, y


def main(mesh, model, x, y):
    with jax.set_mesh(mesh):
        placed = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), model, model.specs())
        rows = NamedSharding(mesh, P("data", None))
        grads, norm = sync(placed, mesh, jax.device_put(x, rows), jax.device_put(y, rows))
    print("global grad norm: %.4f" % float(norm))
    print("clipped w_up grad norm: %.4f" % float(jnp.linalg.norm(grads.w_up)))


if __name__ == "__main__":
    main(*inputs())
