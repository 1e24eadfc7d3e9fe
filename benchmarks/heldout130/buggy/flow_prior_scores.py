"""flows/eval/prior_scores.py — standardised latent scores against a learned Gaussian prior.

Imagined `flowtp` repo on a data-parallel mesh. Latents of every sample are gathered (kept
reduced) so the anomaly scorer sees the whole evaluation set, then standardised by the prior.
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


class LearnedPrior(Module):
    loc: jax.Array
    log_scale: jax.Array

    @classmethod
    def init(cls, dim):
        return cls(loc=jnp.full((dim,), 0.1), log_scale=jnp.full((dim,), -0.2))


class Shift(Module):
    t: jax.Array

    def __call__(self, x):
        return x - self.t


class Scorer(Module):
    bijector: Shift
    prior: LearnedPrior
    axis: str = field(static=True, default="data")

    def latents(self, x):
        z = self.bijector(x)
        return jax.lax.all_gather(z, self.axis, axis=0, tiled=True, to="reduced")

    def __call__(self, x):
        z_all = self.latents(x)
        standardised = (z_all - self.prior.loc) * jnp.exp(-self.prior.log_scale)
        return jnp.sum(standardised * standardised, axis=1)


def score(scorer, mesh, x):
    fn = jax.shard_map(Scorer.__call__, mesh=mesh, in_specs=(P(), P(scorer.axis, None)),
                       out_specs=P(None, reduced={scorer.axis}))
    return fn(scorer, x)


def flag_outliers(scores, quantile=0.95):
    scores = np.asarray(scores)
    cut = np.quantile(scores, quantile)
    return np.nonzero(scores > cut)[0]


def inputs():
    mesh = jax.make_mesh((8,), ("data",))
    scorer = Scorer(bijector=Shift(jnp.full((3,), 0.5)), prior=LearnedPrior.init(3))
    x = np.asarray(jax.random.normal(jax.random.PRNGKey(45), (40, 3)), np.float32)
    return mesh, scorer, x


def main(mesh, scorer, x):
    with jax.set_mesh(mesh):
        placed = jax.tree.map(lambda a: jax.device_put(a, NamedSharding(mesh, P())), scorer)
        xs = jax.device_put(x, NamedSharding(mesh, P("data", None)))
        scores = jax.device_get(score(placed, mesh, xs))
    print("outliers:", flag_outliers(scores))


if __name__ == "__main__":
    main(*inputs())
