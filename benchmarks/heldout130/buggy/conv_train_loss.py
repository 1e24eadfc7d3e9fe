"""vision/train/loss.py — the cross-entropy of a channel-split conv classifier, for the logger.

Imagined `convtp` repo. The classifier head sums the channel-split partial logits over `chan`;
the logger wants the loss summed over every device and divided by the global batch.
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

AXES = ("batch", "chan")


class Conv1d(Module):
    kernel: jax.Array

    def __call__(self, x):
        return jax.lax.conv_general_dilated(x, self.kernel, (1,), "SAME",
                                            dimension_numbers=("NWC", "WIO", "NWC"))


class ConvClassifier(Module):
    conv: Conv1d
    head: jax.Array
    batch_axis: str = field(static=True, default=AXES[0])
    channel_axis: str = field(static=True, default=AXES[1])

    @classmethod
    def init(cls, key, c_in, c_mid, n_cls):
        k1, k2 = jax.random.split(key)
        return cls(conv=Conv1d(jax.random.normal(k1, (3, c_in, c_mid)) / np.sqrt(3 * c_in)),
                   head=jax.random.normal(k2, (c_mid, n_cls)) / np.sqrt(c_mid))

    def specs(self):
        c = self.channel_axis
        return dataclasses.replace(self, conv=Conv1d(P(None, None, c)), head=P(c, None))

    def __call__(self, x):
        feats = jnp.mean(jax.nn.relu(self.conv(x)), axis=1)
        return jax.lax.psum(feats @ self.head, self.channel_axis)

    def summed_loss(self, x, y):
        logits = self(x)
        nll = jax.nn.logsumexp(logits, axis=-1) - jnp.take_along_axis(logits, y[:, None], axis=-1)[:, 0]
        return jax.lax.psum(jnp.sum(nll), AXES)


def logged_loss(model, mesh, x, y):
    fn = jax.shard_map(ConvClassifier.summed_loss, mesh=mesh,
                       in_specs=(model.specs(), P(model.batch_axis, None, None), P(model.batch_axis)),
                       out_specs=P())
    return fn(model, x, y) / x.shape[0]


def inputs():
    mesh = jax.make_mesh((4, 2), AXES)
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(14), 3)
    model = ConvClassifier.init(k1, 3, 8, 4)
    x = np.asarray(jax.random.normal(k2, (16, 12, 3)), np.float32)
    y = np.asarray(jax.random.randint(k3, (16,), 0, 4))
    return mesh, model, x, y


def main(mesh, model, x, y):
    with jax.set_mesh(mesh):
        placed = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), model, model.specs())
        xs = jax.device_put(x, NamedSharding(mesh, P("batch", None, None)))
        ys = jax.device_put(y, NamedSharding(mesh, P("batch")))
        loss = jax.jit(logged_loss, static_argnums=1)(placed, mesh, xs, ys)
    print("logged loss: %.4f" % float(loss))


if __name__ == "__main__":
    main(*inputs())
