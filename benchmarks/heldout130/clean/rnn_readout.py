"""lru/layers/readout.py — a linear RNN whose readout can see the full state in debug mode.

Imagined `linrec` repo. The scan runs on the local state shard; `Readout` joins the state
shards before projecting. With `debug_full_state` the scan output is first gathered for a probe.
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


class Readout(Module):
    w_out: jax.Array
    state_axis: str = field(static=True, default="state")

    def __call__(self, hs):
        full = jax.lax.all_gather(hs, self.state_axis, axis=-1, tiled=True, to="invarying")
        return full @ self.w_out


class LRULayer(Module):
    log_decay: jax.Array
    w_in: jax.Array
    readout: Readout
    batch_axis: str = field(static=True, default="batch")
    state_axis: str = field(static=True, default="state")
    debug_full_state: bool = field(static=True, default=True)

    @classmethod
    def init(cls, key, d_in, d_state, d_out):
        ks = jax.random.split(key, 3)
        return cls(log_decay=-jnp.exp(jax.random.normal(ks[0], (d_state,)) - 1.0),
                   w_in=jax.random.normal(ks[1], (d_in, d_state)) / np.sqrt(d_in),
                   readout=Readout(jax.random.normal(ks[2], (d_state, d_out)) / np.sqrt(d_state)))

    def specs(self):
        s = self.state_axis
        return dataclasses.replace(self, log_decay=P(s), w_in=P(None, s), readout=Readout(P()))

    def scan(self, x):
        def step(h, u):
            h = jnp.exp(self.log_decay) * h + u
            return h, h

        u = jnp.einsum("btd,ds->tbs", x, self.w_in)
        _, hs = jax.lax.scan(step, jnp.zeros_like(u[0]), u)
        return jnp.swapaxes(hs, 0, 1)

    def __call__(self, x):
        hs = self.scan(x)
        if self.debug_full_state:
            probe = jax.lax.all_gather(hs, self.state_axis, axis=-1, tiled=True, to="reduced")
            jax.debug.callback(lambda h: None, probe)
        return self.readout(hs)


def apply_layer(layer, mesh, x):
    b = layer.batch_axis
    fn = jax.shard_map(LRULayer.__call__, mesh=mesh, in_specs=(layer.specs(), P(b, None, None)),
                       out_specs=P(b, None, None))
    return filter_jit(fn)(layer, x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("batch", "state"))
    k1, k2 = jax.random.split(jax.random.PRNGKey(32))
    layer = LRULayer.init(k1, 4, 16, 3)
    x = np.asarray(jax.random.normal(k2, (4, 11, 4)), np.float32)
    return mesh, layer, x


def main(mesh, layer, x):
    with jax.set_mesh(mesh):
        placed = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), layer, layer.specs())
        xs = jax.device_put(x, NamedSharding(mesh, P("batch", None, None)))
        y = np.asarray(jax.device_get(apply_layer(placed, mesh, xs)))
    print("readout:", y.shape, "last step:", np.round(y[:, -1, 0], 3))


if __name__ == "__main__":
    main(*inputs())
