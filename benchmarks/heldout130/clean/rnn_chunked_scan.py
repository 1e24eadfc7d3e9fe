"""lru/parallel/chunked_scan.py — a diagonal linear RNN scanned over a sequence split on `time`.

Imagined `linrec` repo. Each device scans its chunk from a zero state; the chunk-final states
are gathered, combined into the incoming state of every chunk, and the local outputs corrected.
The corrected trajectory is gathered over `time` (kept reduced) for the trainer's loss.
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


class ChunkedLRU(Module):
    log_decay: jax.Array
    time_axis: str = field(static=True, default="time")
    chunks: int = field(static=True, default=8)

    def local_scan(self, u):
        a = jnp.exp(self.log_decay)

        def step(h, u_t):
            h = a * h + u_t
            return h, h

        _, hs = jax.lax.scan(step, jnp.zeros_like(u[0]), u)
        return hs

    def __call__(self, u):
        a = jnp.exp(self.log_decay)
        length = u.shape[0]
        hs = self.local_scan(u)
        finals = jax.lax.all_gather(hs[-1], self.time_axis)
        me = jax.lax.axis_index(self.time_axis)
        carry = jnp.zeros_like(hs[-1])
        for j in range(self.chunks):
            take = (j < me).astype(u.dtype)
            carry = take * (a ** length * carry + finals[j]) + (1.0 - take) * carry
        powers = a[None, :] ** jnp.arange(1, length + 1)[:, None]
        corrected = hs + powers * carry[None, :]
        return jax.lax.all_gather(corrected, self.time_axis, axis=0, tiled=True, to="reduced")


def run(lru, mesh, u):
    fn = jax.shard_map(ChunkedLRU.__call__, mesh=mesh, in_specs=(P(), P(lru.time_axis, None)),
                       out_specs=P(None, None, reduced={lru.time_axis}))
    return fn(lru, u)


def sequential(log_decay, u):
    a = np.exp(np.asarray(log_decay))
    h = np.zeros(u.shape[1], np.float32)
    out = []
    for t in range(u.shape[0]):
        h = a * h + u[t]
        out.append(h.copy())
    return np.stack(out)


def inputs():
    mesh = jax.make_mesh((8,), ("time",))
    k1, k2 = jax.random.split(jax.random.PRNGKey(73))
    lru = ChunkedLRU(log_decay=jax.random.uniform(k1, (4,), minval=-0.5, maxval=-0.05))
    u = np.asarray(jax.random.normal(k2, (32, 4)), np.float32)
    return mesh, lru, u


def main(mesh, lru, u):
    with jax.set_mesh(mesh):
        placed = jax.tree.map(lambda a: jax.device_put(a, NamedSharding(mesh, P())), lru)
        hs = np.asarray(jax.device_get(run(placed, mesh, jax.device_put(u, NamedSharding(mesh, P("time", None))))))
    ref = sequential(lru.log_decay, u)
    print("chunked scan:", hs.shape, "max err vs sequential %.2e" % np.abs(hs - ref).max())


if __name__ == "__main__":
    main(*inputs())
