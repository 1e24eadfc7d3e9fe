"""lru/train/seq_loss.py — per-timestep regression loss of a linear RNN, scattered for logging.

Imagined `linrec` repo. The readout sums the state-split projections over `state`; the loss per
timestep is then summed over the mesh and scattered so each device logs a slice of the steps.
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


class Axes(Module):
    batch: str = field(static=True, default="batch")
    state: str = field(static=True, default="state")


AXES = Axes()


class LRU(Module):
    log_decay: jax.Array
    w_in: jax.Array
    w_out: jax.Array

    @classmethod
    def init(cls, key, d_in, d_state, d_out):
        ks = jax.random.split(key, 3)
        return cls(log_decay=jax.random.uniform(ks[0], (d_state,), minval=-2.0, maxval=-0.2),
                   w_in=jax.random.normal(ks[1], (d_in, d_state)) / np.sqrt(d_in),
                   w_out=jax.random.normal(ks[2], (d_state, d_out)) / np.sqrt(d_state))

    def specs(self):
        return LRU(log_decay=P(AXES.state), w_in=P(None, AXES.state), w_out=P(AXES.state, None))

    def __call__(self, x):
        u = jnp.einsum("btd,ds->tbs", x, self.w_in)

        def step(h, u_t):
            h = jnp.exp(self.log_decay) * h + u_t
            return h, h

        _, hs = jax.lax.scan(step, jnp.zeros_like(u[0]), u)
        y = jnp.einsum("tbs,so->bto", hs, self.w_out)
        return jax.lax.psum(y, AXES.state)


def step_losses(model, x, target):
    err = model(x) - target
    per_step = jnp.sum(err * err, axis=(0, 2))
    return jax.lax.psum_scatter(per_step, AXES.batch, scatter_dimension=0, tiled=True)


def logged_losses(model, mesh, x, target):
    data = P(AXES.batch, None, None)
    fn = jax.shard_map(step_losses, mesh=mesh, in_specs=(model.specs(), data, data),
                       out_specs=P(AXES.batch))
    return fn(model, x, target)


def inputs():
    mesh = jax.make_mesh((2, 4), (AXES.batch, AXES.state))
    ks = jax.random.split(jax.random.PRNGKey(34), 3)
    model = LRU.init(ks[0], 3, 8, 2)
    x = np.asarray(jax.random.normal(ks[1], (4, 16, 3)), np.float32)
    target = np.asarray(jax.random.normal(ks[2], (4, 16, 2)), np.float32)
    return mesh, model, x, target


def main(mesh, model, x, target):
    with jax.set_mesh(mesh):
        placed = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), model, model.specs())
        spec = NamedSharding(mesh, P(AXES.batch, None, None))
        losses = logged_losses(placed, mesh, jax.device_put(x, spec), jax.device_put(target, spec))
    losses = np.asarray(jax.device_get(losses))
    print("loss per step:", np.round(losses / x.shape[0], 3))


if __name__ == "__main__":
    main(*inputs())
