"""flows/checkpoint/export.py — export coupling weights stored 2-D sharded (FSDP x TP).

Imagined `flowtp` repo. The conditioner's first weight is stored split over `data` on its input
rows and `model` on its hidden columns; the inference server expects the hidden columns split
over `model` on the leading dimension of a transposed copy, so the export layout is spelled out.
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


class CouplingWeights(Module):
    w_in: jax.Array
    w_out: jax.Array
    storage: tuple = field(static=True, default=(P("data", "model"), P("model", None)))
    serving: tuple = field(static=True, default=(P("model", None, reduced={"data"}), P(None, None, reduced={"model"})))

    @classmethod
    def init(cls, key, d_in, hidden, d_out):
        k1, k2 = jax.random.split(key)
        return cls(w_in=jax.random.normal(k1, (d_in, hidden)) / np.sqrt(d_in),
                   w_out=jax.random.normal(k2, (hidden, d_out)) * 0.05)

    def leaves(self):
        return (self.w_in, self.w_out)


def store(weights, mesh):
    placed = [jax.device_put(w, NamedSharding(mesh, s)) for w, s in zip(weights.leaves(), weights.storage)]
    return dataclasses.replace(weights, w_in=placed[0], w_out=placed[1])


def serve_layout(weights):
    return [top_level_all_gather(w, spec) for w, spec in zip(weights.leaves(), weights.serving)]


def checksum(arrays):
    return [float(np.asarray(jax.device_get(a)).sum()) for a in arrays]


def inputs():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    weights = CouplingWeights.init(jax.random.PRNGKey(43), 8, 6, 4)
    return mesh, weights


def main(mesh, weights):
    with jax.set_mesh(mesh):
        stored = store(weights, mesh)
        served = serve_layout(stored)
        sums = checksum(served)
    ref = [float(np.asarray(w).sum()) for w in weights.leaves()]
    print("served checksums:", np.round(sums, 4), "reference:", np.round(ref, 4))


if __name__ == "__main__":
    main(*inputs())
