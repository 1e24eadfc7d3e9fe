"""moe/checkpoint/export_experts.py — consolidate expert weights split over two mesh axes.

Imagined `moetp` repo. Expert weights are stored with experts over `expert` and the model
dimension over `data` (ZeRO-3 style); the exporter regathers both into full copies.
"""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
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


class ExpertBank(Module):
    w_in: jax.Array
    w_out: jax.Array
    stored: P = field(static=True, default=P("expert", "data", None))

    @classmethod
    def init(cls, key, n, d_model, d_ff):
        k1, k2 = jax.random.split(key)
        return cls(w_in=jax.random.normal(k1, (n, d_model, d_ff)) / np.sqrt(d_model),
                   w_out=jax.random.normal(k2, (n, d_model, d_ff)) / np.sqrt(d_ff))

    def leaves(self):
        return {"w_in": self.w_in, "w_out": self.w_out}


class Consolidate(Module):
    gathered: P = field(static=True, default=P(None, None, None, reduced={"expert", "data"}))

    def __call__(self, bank):
        return {name: top_level_all_gather(w, self.gathered, multi_dim=True) for name, w in bank.leaves().items()}


def place(bank, mesh):
    sharding = NamedSharding(mesh, bank.stored)
    bank = tree_at(lambda b: b.w_in, bank, jax.device_put(bank.w_in, sharding))
    return tree_at(lambda b: b.w_out, bank, jax.device_put(bank.w_out, sharding))


def inputs():
    mesh = jax.make_mesh((2, 4), ("data", "expert"))
    bank = ExpertBank.init(jax.random.PRNGKey(63), 8, 6, 10)
    return mesh, bank


def main(mesh, bank):
    with jax.set_mesh(mesh):
        placed = place(bank, mesh)
        full = Consolidate()(placed)
    for name, w in full.items():
        ref = np.asarray(getattr(bank, name))
        got = np.asarray(jax.device_get(w))
        print(f"{name}: {got.shape} matches={np.allclose(got, ref)}")


if __name__ == "__main__":
    main(*inputs())
