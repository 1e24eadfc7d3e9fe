"""lru/analysis/decay_spectrum.py — the spectrum of per-unit memory lengths of a linear RNN.

Imagined `linrec` repo on a state-split mesh. The decay logits of every unit are gathered from
the state shards (kept reduced, they are parameters) and turned into discretised decay rates.
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


class ContinuousLRU(Module):
    log_rate: jax.Array
    w_in: jax.Array
    dt: float = field(static=True, default=0.1)
    state_axis: str = field(static=True, default="state")

    @classmethod
    def init(cls, key, d_in, d_state, dt=0.1):
        k1, k2 = jax.random.split(key)
        return cls(log_rate=jax.random.normal(k1, (d_state,)),
                   w_in=jax.random.normal(k2, (d_in, d_state)) / np.sqrt(d_in), dt=dt)

    def specs(self):
        return dataclasses.replace(self, log_rate=P(self.state_axis), w_in=P(None, self.state_axis))

    def local_decay(self):
        return jnp.exp(-jnp.exp(self.log_rate) * self.dt)


class Spectrum(Module):
    lru: ContinuousLRU

    def __call__(self):
        lru = self.lru
        rates = jax.lax.all_gather(lru.log_rate, lru.state_axis, tiled=True, to="reduced")
        decay = jnp.exp(-jnp.exp(rates) * lru.dt)
        return decay


def spectrum(spec_mod, mesh):
    axis = spec_mod.lru.state_axis
    fn = jax.shard_map(lambda m: m(), mesh=mesh, in_specs=(Spectrum(spec_mod.lru.specs()),),
                       out_specs=P(None, reduced={axis}))
    return fn(spec_mod)


def memory_lengths(decay):
    decay = np.asarray(decay)
    return -1.0 / np.log(np.clip(decay, 1e-6, 1 - 1e-6))


def inputs():
    mesh = jax.make_mesh((8,), ("state",))
    lru = ContinuousLRU.init(jax.random.PRNGKey(35), 4, 32)
    return mesh, Spectrum(lru)


def main(mesh, spec_mod):
    with jax.set_mesh(mesh):
        specs = Spectrum(spec_mod.lru.specs())
        placed = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), spec_mod, specs)
        decay = jax.device_get(spectrum(placed, mesh))
    lengths = memory_lengths(decay)
    print("memory length quartiles:", np.round(np.percentile(lengths, [25, 50, 75]), 2))


if __name__ == "__main__":
    main(*inputs())
