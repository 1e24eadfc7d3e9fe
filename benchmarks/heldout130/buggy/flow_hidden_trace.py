"""flows/debug/hidden_trace.py — trace the conditioner's hidden units through a gather pipeline.

Imagined `flowtp` repo. The trace is a list of gather stages (partials of `all_gather`) kept as a
static field of the tracer Module, applied one after another inside the shard_map body.
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

join_units = functools.partial(jax.lax.all_gather, axis_name="model", axis=1, tiled=True, to="reduced")
join_rows = functools.partial(jax.lax.all_gather, axis_name=("data", "model"), axis=0, tiled=True, to="reduced")


class ConditionerMLP(Module):
    w1: jax.Array
    b1: jax.Array

    @classmethod
    def init(cls, key, d_in, hidden):
        return cls(w1=jax.random.normal(key, (d_in, hidden)) / np.sqrt(d_in), b1=jnp.zeros((hidden,)))

    def specs(self):
        return ConditionerMLP(w1=P(None, "model"), b1=P("model"))

    def hidden(self, x):
        return jax.nn.softplus(x @ self.w1 + self.b1)


class Tracer(Module):
    net: ConditionerMLP
    stages: tuple = field(static=True, default=(join_units, join_rows))

    def __call__(self, x):
        h = self.net.hidden(x)
        for stage in self.stages:
            h = stage(h)
        return h


def trace(tracer, mesh, x):
    specs = dataclasses.replace(tracer, net=tracer.net.specs())
    fn = jax.shard_map(Tracer.__call__, mesh=mesh, in_specs=(specs, P("data", None)),
                       out_specs=P(None, None, reduced={"data", "model"}))
    return fn(tracer, x)


def saturation(h, threshold=4.0):
    h = np.asarray(h)
    return float((h > threshold).mean())


def inputs():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    k1, k2 = jax.random.split(jax.random.PRNGKey(41))
    tracer = Tracer(net=ConditionerMLP.init(k1, 3, 10))
    x = np.asarray(jax.random.normal(k2, (8, 3)) * 2.0, np.float32)
    return mesh, tracer, x


def main(mesh, tracer, x):
    with jax.set_mesh(mesh):
        specs = dataclasses.replace(tracer, net=tracer.net.specs())
        placed = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), tracer, specs)
        xs = jax.device_put(x, NamedSharding(mesh, P("data", None)))
        h = jax.device_get(trace(placed, mesh, xs))
    print("hidden trace:", np.asarray(h).shape, "saturated %.3f" % saturation(h))


if __name__ == "__main__":
    main(*inputs())
