"""mlp/export/activations.py — dump hidden activations of a tensor-parallel MLP for probing.

Imagined `tinytp` repo. The hidden layer is split over `model`; probes want every hidden unit
for every example on one host, so the activations are gathered twice.
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


class Dense(Module):
    weight: jax.Array
    bias: jax.Array
    activation: str = field(static=True, default="relu")

    @classmethod
    def init(cls, key, d_in, d_out, activation="relu"):
        w = jax.random.normal(key, (d_in, d_out), jnp.float32) * (2.0 / d_in) ** 0.5
        return cls(weight=w, bias=jnp.zeros((d_out,), jnp.float32), activation=activation)

    def __call__(self, x):
        return getattr(jax.nn, self.activation)(x @ self.weight + self.bias)


class ProbeConfig(Module):
    batch_axis: str = field(static=True, default="data")
    hidden_axis: str = field(static=True, default="model")
    dump_axes: tuple = field(static=True, default=("data", "model"))


class ProbeDump(Module):
    layer: Dense
    cfg: ProbeConfig

    def specs(self):
        return Dense(weight=P(None, self.cfg.hidden_axis), bias=P(self.cfg.hidden_axis),
                     activation=self.layer.activation)

    def hidden_units(self, h):
        return jax.lax.all_gather(h, self.cfg.hidden_axis, axis=1, tiled=True, to="reduced")

    def dump(self, h):
        return jax.lax.all_gather(h, self.cfg.dump_axes, axis=0, tiled=True, to="reduced")

    def body(self, layer, x):
        h = layer(x)
        wide = self.hidden_units(h)
        return self.dump(wide)

    def __call__(self, mesh, x):
        cfg = self.cfg
        fn = jax.shard_map(self.body, mesh=mesh,
                           in_specs=(self.specs(), P(cfg.batch_axis, None)),
                           out_specs=P(None, None, reduced=set(cfg.dump_axes)))
        return fn(self.layer, x)


def place_layer(layer, specs, mesh):
    arrays, static = partition(layer, is_array)
    placed = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), arrays,
                          partition(specs, lambda s: isinstance(s, P))[0],
                          is_leaf=lambda s: s is None or isinstance(s, P))
    return combine(placed, static)


def summarise(acts):
    acts = np.asarray(acts)
    dead = (acts.max(axis=0) <= 0).mean()
    return {"rows": acts.shape[0], "units": acts.shape[1], "dead_fraction": float(dead),
            "mean_activation": float(acts.mean())}


def inputs():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    k1, k2 = jax.random.split(jax.random.PRNGKey(1))
    x = np.asarray(jax.random.normal(k1, (32, 12)))
    probe = ProbeDump(layer=Dense.init(k2, 12, 24), cfg=ProbeConfig())
    return mesh, probe, x


def main(mesh, probe, x):
    with jax.set_mesh(mesh):
        layer = place_layer(probe.layer, probe.specs(), mesh)
        probe = tree_at(lambda p: p.layer, probe, layer)
        xs = jax.device_put(x, NamedSharding(mesh, P(probe.cfg.batch_axis, None)))
        acts = probe(mesh, xs)
        host = np.asarray(jax.device_get(acts))
    for k, v in summarise(host).items():
        print(f"{k}: {v}")


if __name__ == "__main__":
    main(*inputs())
