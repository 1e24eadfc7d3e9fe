"""lru/checkpoint/export.py — consolidate the state-split parameters of a stack of LRU layers.

Imagined `linrec` repo. Every parameter with a state dimension lives split over `state`; the
exporter's static `consolidated` table names the layout each kind of leaf is regathered to.
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


class LRUParams(Module):
    log_decay: jax.Array
    w_in: jax.Array
    w_out: jax.Array

    @classmethod
    def init(cls, key, d_model, d_state):
        ks = jax.random.split(key, 3)
        return cls(log_decay=jax.random.uniform(ks[0], (d_state,), minval=-3.0, maxval=-0.1),
                   w_in=jax.random.normal(ks[1], (d_model, d_state)) / np.sqrt(d_model),
                   w_out=jax.random.normal(ks[2], (d_state, d_model)) / np.sqrt(d_state))


TRAIN_LAYOUT = {"log_decay": P("state"), "w_in": P(None, "state"), "w_out": P("state", None)}


class Consolidator(Module):
    consolidated: dict = field(static=True, default=None)

    def leaf(self, name, value):
        return top_level_all_gather(value, self.consolidated[name])

    def __call__(self, layers):
        return [{name: self.leaf(name, getattr(layer, name)) for name in TRAIN_LAYOUT} for layer in layers]


CONSOLIDATED = {
    "log_decay": P(None, reduced={"state"}),
    "w_in": P(None, None, reduced={"batch"}),
    "w_out": P(None, None, reduced={"state"}),
}


def place_layers(layers, mesh):
    placed = []
    for layer in layers:
        for name, spec in TRAIN_LAYOUT.items():
            value = jax.device_put(getattr(layer, name), NamedSharding(mesh, spec))
            layer = tree_at(lambda l, name=name: getattr(l, name), layer, value)
        placed.append(layer)
    return placed


def inputs():
    mesh = jax.make_mesh((2, 4), ("batch", "state"))
    keys = jax.random.split(jax.random.PRNGKey(33), 3)
    layers = [LRUParams.init(k, 6, 16) for k in keys]
    return mesh, layers


def main(mesh, layers):
    with jax.set_mesh(mesh):
        placed = place_layers(layers, mesh)
        exported = Consolidator(consolidated=CONSOLIDATED)(placed)
    for i, leaves in enumerate(exported):
        shapes = {k: tuple(v.shape) for k, v in leaves.items()}
        print(f"layer {i}: {shapes}")


if __name__ == "__main__":
    main(*inputs())
