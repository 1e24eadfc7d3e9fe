"""flows/train/nll.py — negative log-likelihood of a tensor-parallel coupling flow.

Imagined `flowtp` repo. The conditioner's outputs are summed over `model`; the flow's NLL is
averaged over every device of the mesh kept on the objective Module.
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


class Coupling(Module):
    w1: jax.Array
    w2: jax.Array
    model_axis: str = field(static=True, default="model")

    @classmethod
    def init(cls, key, dim, hidden):
        k1, k2 = jax.random.split(key)
        half = dim // 2
        return cls(w1=jax.random.normal(k1, (half, hidden)) / np.sqrt(half),
                   w2=jax.random.normal(k2, (hidden, dim)) * 0.05)

    def specs(self):
        return dataclasses.replace(self, w1=P(None, self.model_axis), w2=P(self.model_axis, None))

    def __call__(self, x):
        half = self.w1.shape[0]
        xa, xb = x[:, :half], x[:, half:]
        st = jax.lax.psum(jax.nn.gelu(xa @ self.w1) @ self.w2, self.model_axis)
        s, t = jnp.tanh(st[:, :half]), st[:, half:]
        return jnp.concatenate([xb * jnp.exp(s) + t, xa], axis=1), jnp.sum(s, axis=1)


class FlowObjective(Module):
    layers: tuple
    mesh: object = field(static=True, default=None)

    def nll(self, x):
        logdet = jnp.zeros((x.shape[0],))
        for layer in self.layers:
            x, ld = layer(x)
            logdet = logdet + ld
        log_prior = -0.5 * jnp.sum(x * x, axis=1) - 0.5 * x.shape[1] * np.log(2 * np.pi)
        return jax.lax.pmean(-jnp.mean(log_prior + logdet), tuple(self.mesh.axis_names))

    def specs(self):
        return dataclasses.replace(self, layers=tuple(l.specs() for l in self.layers))

    def __call__(self, x):
        fn = jax.shard_map(FlowObjective.nll, mesh=self.mesh, in_specs=(self.specs(), P("data", None)),
                           out_specs=P())
        return fn(self, x)


def inputs():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    keys = jax.random.split(jax.random.PRNGKey(44), 4)
    flow = FlowObjective(layers=tuple(Coupling.init(k, 6, 8) for k in keys[:3]), mesh=mesh)
    x = np.asarray(jax.random.normal(keys[3], (32, 6)), np.float32)
    return mesh, flow, x


def main(mesh, flow, x):
    with jax.set_mesh(mesh):
        placed = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), flow, flow.specs())
        xs = jax.device_put(x, NamedSharding(mesh, P("data", None)))
        nll = filter_jit(lambda f, xb: f(xb))(placed, xs)
    print("NLL per sample: %.4f nats" % float(nll))


if __name__ == "__main__":
    main(*inputs())
