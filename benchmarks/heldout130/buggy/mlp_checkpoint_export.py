"""mlp/checkpoint/export.py — write a consolidated copy of a tensor-parallel MLP's weights.

Imagined `tinytp` repo. Weights live split over `model`; the exporter regathers each leaf to the
layout named in the module's static `export_specs` table before saving.
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


class Linear(Module):
    weight: jax.Array
    bias: jax.Array

    @classmethod
    def init(cls, key, d_in, d_out):
        return cls(weight=jax.random.normal(key, (d_in, d_out), jnp.float32) / np.sqrt(d_in),
                   bias=jnp.zeros((d_out,), jnp.float32))

    def __call__(self, x):
        return x @ self.weight + self.bias


class MLP(Module):
    fc1: Linear
    fc2: Linear
    axis: str = field(static=True, default="model")

    @classmethod
    def init(cls, key, sizes, axis="model"):
        k1, k2 = jax.random.split(key)
        return cls(fc1=Linear.init(k1, sizes[0], sizes[1]), fc2=Linear.init(k2, sizes[1], sizes[2]), axis=axis)

    def train_specs(self):
        return {"fc1.weight": P(None, self.axis), "fc1.bias": P(self.axis),
                "fc2.weight": P(self.axis, None), "fc2.bias": P()}

    def __call__(self, x):
        return self.fc2(jax.nn.relu(self.fc1(x)))


class Exporter(Module):
    export_specs: dict = field(static=True, default=None)

    def leaves(self, model):
        return {"fc1.weight": model.fc1.weight, "fc1.bias": model.fc1.bias,
                "fc2.weight": model.fc2.weight, "fc2.bias": model.fc2.bias}

    def __call__(self, model):
        out = {}
        for name, leaf in self.leaves(model).items():
            out[name] = top_level_all_gather(leaf, self.export_specs[name])
        return out


EXPORT_SPECS = {
    "fc1.weight": P(None, None, reduced={"model"}),
    "fc1.bias": P(None, reduced={"model"}),
    "fc2.weight": P(None, None),
    "fc2.bias": P(),
}


def shard_model(model, mesh):
    specs = model.train_specs()
    placed = model
    for name, spec in specs.items():
        layer, attr = name.split(".")
        leaf = getattr(getattr(model, layer), attr)
        value = jax.device_put(leaf, NamedSharding(mesh, spec))
        placed = tree_at(lambda m, layer=layer, attr=attr: getattr(getattr(m, layer), attr), placed, value)
    return placed


def save(arrays, path):
    flat = {k: np.asarray(jax.device_get(v)) for k, v in arrays.items()}
    print(f"would save {len(flat)} arrays to {path}:")
    for k, v in flat.items():
        print(f"  {k:12s} {v.shape} |w|={np.abs(v).mean():.4f}")


def inputs():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    model = MLP.init(jax.random.PRNGKey(3), (8, 16, 4))
    return mesh, model, "/tmp/mlp_consolidated.npz"


def main(mesh, model, path):
    with jax.set_mesh(mesh):
        placed = shard_model(model, mesh)
        exporter = Exporter(export_specs=EXPORT_SPECS)
        arrays = exporter(placed)
        x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
        check = filter_jit(lambda m, xb: jax.nn.relu(m.fc1(xb)))(placed, x)
    save(arrays, path)
    print("forward check:", np.asarray(check).shape)


if __name__ == "__main__":
    main(*inputs())
