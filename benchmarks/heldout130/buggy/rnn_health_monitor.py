"""lru/monitoring/health.py — hidden-state health statistics of a linear recurrent layer.

Imagined `linrec` repo: a diagonal linear RNN (LRU-style) with the state split over `state` and
sequences over `batch`. The monitor totals the statistics over the whole mesh, then keeps one
copy per batch shard for the dashboard.
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


class RNNConfig(Module):
    batch_axis: str = field(static=True, default="batch")
    state_axis: str = field(static=True, default="state")

    @property
    def mesh_axes(self):
        return (self.batch_axis, self.state_axis)


class DiagonalRNN(Module):
    log_decay: jax.Array
    b: jax.Array
    cfg: RNNConfig = field(static=True, default=RNNConfig())

    @classmethod
    def init(cls, key, d_in, d_state):
        k1, k2 = jax.random.split(key)
        return cls(log_decay=jax.random.uniform(k1, (d_state,), minval=-2.0, maxval=-0.05),
                   b=jax.random.normal(k2, (d_in, d_state)) / np.sqrt(d_in))

    def specs(self):
        return dataclasses.replace(self, log_decay=P(self.cfg.state_axis), b=P(None, self.cfg.state_axis))

    def step(self, h, x_t):
        h = jnp.exp(self.log_decay) * h + x_t @ self.b
        return h, h

    def __call__(self, x):
        h0 = jnp.zeros_like(x[:, 0] @ self.b)
        _, hs = jax.lax.scan(self.step, h0, jnp.swapaxes(x, 0, 1))
        return jnp.swapaxes(hs, 0, 1)


class HealthMonitor(Module):
    rnn: DiagonalRNN

    def __call__(self, x):
        cfg = self.rnn.cfg
        hs = self.rnn(x)
        stats = jnp.stack([jnp.sum(jnp.abs(hs)), jnp.sum(hs * hs), jnp.sum(jnp.abs(hs) > 10.0)])
        stats = jax.lax.psum(stats, cfg.mesh_axes)
        return jax.lax.all_gather(stats, cfg.batch_axis, to="reduced")


def monitor(mon, mesh, x):
    cfg = mon.rnn.cfg
    fn = jax.shard_map(HealthMonitor.__call__, mesh=mesh,
                       in_specs=(HealthMonitor(mon.rnn.specs()), P(cfg.batch_axis, None, None)),
                       out_specs=P(None, None, reduced={cfg.batch_axis}))
    return fn(mon, x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("batch", "state"))
    k1, k2 = jax.random.split(jax.random.PRNGKey(30))
    mon = HealthMonitor(DiagonalRNN.init(k1, 3, 16))
    x = np.asarray(jax.random.normal(k2, (4, 20, 3)), np.float32)
    return mesh, mon, x


def main(mesh, mon, x):
    with jax.set_mesh(mesh):
        specs = HealthMonitor(mon.rnn.specs())
        placed = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), mon, specs)
        xs = jax.device_put(x, NamedSharding(mesh, P("batch", None, None)))
        stats = np.asarray(jax.device_get(monitor(placed, mesh, xs)))[0]
    n = x.shape[0] * x.shape[1] * 16
    print("mean |h| %.4f  rms %.4f  exploded %d" % (stats[0] / n, np.sqrt(stats[1] / n), int(stats[2])))


if __name__ == "__main__":
    main(*inputs())
