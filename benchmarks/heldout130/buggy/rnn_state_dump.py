"""lru/serving/state_dump.py — dump the final recurrent states to seed a streaming server.

Imagined `linrec` repo. Final states are joined over the state shards, then gathered over the
batch and state axes written out in the dump helper.
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


class LinearRecurrence(Module):
    decay: jax.Array
    w_in: jax.Array
    batch_axis: str = field(static=True, default="batch")
    state_axis: str = field(static=True, default="state")

    @classmethod
    def init(cls, key, d_in, d_state):
        k1, k2 = jax.random.split(key)
        return cls(decay=jax.nn.sigmoid(jax.random.normal(k1, (d_state,)) + 2.0),
                   w_in=jax.random.normal(k2, (d_in, d_state)) / np.sqrt(d_in))

    def specs(self):
        return dataclasses.replace(self, decay=P(self.state_axis), w_in=P(None, self.state_axis))

    def final_state(self, x):
        def step(h, x_t):
            return self.decay * h + x_t @ self.w_in, None

        h0 = jnp.zeros_like(x[:, 0] @ self.w_in)
        h, _ = jax.lax.scan(step, h0, jnp.swapaxes(x, 0, 1))
        return h


def full_state(rnn, h):
    return jax.lax.all_gather(h, rnn.state_axis, axis=1, tiled=True, to="reduced")


def dump_rows(rnn, h):
    axes = (rnn.batch_axis, rnn.state_axis)
    return jax.lax.all_gather(h, axes, axis=0, tiled=True, to="reduced")


def dump_body(rnn, x):
    h = rnn.final_state(x)
    return dump_rows(rnn, full_state(rnn, h))


def run_dump(rnn, mesh, x):
    out = P(None, None, reduced={rnn.batch_axis, rnn.state_axis})
    fn = jax.shard_map(dump_body, mesh=mesh, in_specs=(rnn.specs(), P(rnn.batch_axis, None, None)),
                       out_specs=out)
    return fn(rnn, x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("batch", "state"))
    k1, k2 = jax.random.split(jax.random.PRNGKey(31))
    rnn = LinearRecurrence.init(k1, 5, 12)
    x = np.asarray(jax.random.normal(k2, (6, 9, 5)), np.float32)
    return mesh, rnn, x


def main(mesh, rnn, x):
    with jax.set_mesh(mesh):
        placed = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), rnn, rnn.specs())
        xs = jax.device_put(x, NamedSharding(mesh, P("batch", None, None)))
        states = np.asarray(jax.device_get(run_dump(placed, mesh, xs)))
    print("dumped states:", states.shape)
    print("state norms:", np.round(np.linalg.norm(states, axis=1), 3))


if __name__ == "__main__":
    main(*inputs())
