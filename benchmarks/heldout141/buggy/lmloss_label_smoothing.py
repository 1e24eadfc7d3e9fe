"""levanter-lite/src/lite/losses/smoothed_xent.py

Label-smoothed cross-entropy with vocab-parallel logits. The smoothing term needs the sum
of log-probs over the whole vocabulary; the NLL term only the label's log-prob.
"""
import contextlib
import dataclasses
import functools
import string

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


# ---------------------------------------------------------------------------------------------
# haliax_lite: the bits of haliax we use, pasted so the trainer runs on plain JAX
# ---------------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Axis:
    name: str
    size: int


@jax.tree_util.register_pytree_node_class
class NamedArray:
    def __init__(self, array, axes):
        self.array = array
        self.axes = tuple(axes)

    def tree_flatten(self):
        return (self.array,), self.axes

    @classmethod
    def tree_unflatten(cls, axes, children):
        return cls(children[0], axes)

    @property
    def axis_names(self):
        return tuple(a.name for a in self.axes)

    def resolve(self, name):
        return self.axes[self.axis_names.index(name)]

    def __repr__(self):
        return f"NamedArray({self.axis_names}, {getattr(self.array, 'shape', None)})"


def named(x, axes):
    axes = tuple(axes)
    assert len(axes) == np.ndim(x), (axes, np.shape(x))
    return NamedArray(x, axes)


def dot(a, b, axis):
    names = axis if isinstance(axis, tuple) else (axis,)
    letters = {}
    for n in a.axis_names + b.axis_names:
        letters.setdefault(n, string.ascii_letters[len(letters)])
    out = [ax for ax in a.axes + b.axes if ax.name not in names]
    out = list({ax.name: ax for ax in out}.values())
    spec = "{},{}->{}".format("".join(letters[n] for n in a.axis_names),
                              "".join(letters[n] for n in b.axis_names),
                              "".join(letters[ax.name] for ax in out))
    return NamedArray(jnp.einsum(spec, a.array, b.array), out)


def rearrange(x, names):
    order = [x.axis_names.index(n) for n in names]
    return NamedArray(jnp.transpose(x.array, order), [x.axes[i] for i in order])


def rename(x, renames):
    return NamedArray(x.array, [Axis(renames.get(a.name, a.name), a.size) for a in x.axes])


ResourceMapping = dict  # logical axis name -> mesh axis name (or tuple of them, or None)

_MAPPINGS = [{}]


@contextlib.contextmanager
def axis_mapping(mapping):
    _MAPPINGS.append({**_MAPPINGS[-1], **mapping})
    try:
        yield _MAPPINGS[-1]
    finally:
        _MAPPINGS.pop()


def current_mapping():
    return _MAPPINGS[-1]


def physical_axis_name(name, mapping=None):
    if name is None:
        return None
    mapping = current_mapping() if mapping is None else mapping
    return mapping.get(name.name if isinstance(name, Axis) else name)


def pspec_for(axes, mapping=None, reduced=()):
    parts = [physical_axis_name(a, mapping) for a in axes]
    red = {physical_axis_name(r, mapping) for r in reduced}
    return P(*parts, reduced=red) if red else P(*parts)


def shard(x, mesh, mapping=None):
    return NamedArray(jax.device_put(x.array, NamedSharding(mesh, pspec_for(x.axes, mapping))), x.axes)


def named_shard_map(fn, mesh, in_axes, out_axes, out_reduced=None):
    """shard_map whose specs come from logical axes through the current mapping."""
    in_specs = tuple(pspec_for(a) for a in in_axes)
    out_reduced = out_reduced or [()] * len(out_axes)
    out_specs = tuple(pspec_for(a, reduced=r) for a, r in zip(out_axes, out_reduced))
    return jax.shard_map(fn, mesh=mesh, in_specs=in_specs,
                         out_specs=out_specs if len(out_specs) > 1 else out_specs[0])
# ---------------------------------------------------------------------------------------------


Batch = Axis("batch", 16)
Embed = Axis("embed", 8)
Vocab = Axis("vocab", 24)

LOSS_MAPPING: ResourceMapping = {"batch": "dp", "embed": None, "vocab": "tp"}


@dataclasses.dataclass(frozen=True)
class SmoothingConfig:
    epsilon: float = 0.1
    keep_full_logprobs: bool = True


def log_softmax_vp(logits):
    vp = physical_axis_name("vocab")
    m = jax.lax.pmax(jnp.max(logits, axis=-1, keepdims=True), vp)
    s = jax.lax.psum(jnp.sum(jnp.exp(logits - m), axis=-1, keepdims=True), vp)
    return logits - m - jnp.log(s)


def label_logprob(logp, labels):
    n = logp.shape[-1]
    local = labels - jax.lax.axis_index(physical_axis_name("vocab")) * n
    hit = (local >= 0) & (local < n)
    picked = jnp.take_along_axis(logp, jnp.clip(local, 0, n - 1)[:, None], axis=1)[:, 0]
    return jax.lax.psum(jnp.where(hit, picked, 0.0), physical_axis_name("vocab"))


class SmoothedCrossEntropy:
    def __init__(self, config: SmoothingConfig):
        self.config = config

    def vocab_sum(self, logp):
        return jax.lax.psum(jnp.sum(logp, axis=-1), physical_axis_name("vocab"))

    def __call__(self, h, w_out, labels):
        logp = log_softmax_vp(dot(h, w_out, axis="embed").array)
        if self.config.keep_full_logprobs:
            logp = jax.lax.all_gather(logp, physical_axis_name("vocab"), axis=1, tiled=True,
                                      to="reduced")
        nll = -label_logprob(logp, labels.array)
        smooth = -self.vocab_sum(logp) / Vocab.size
        eps = self.config.epsilon
        loss = jnp.mean((1 - eps) * nll + eps * smooth)
        return jax.lax.pmean(loss, physical_axis_name("batch"))


def build(mesh, config):
    return named_shard_map(SmoothedCrossEntropy(config), mesh,
                           in_axes=[(Batch, Embed), (Embed, Vocab), (Batch,)], out_axes=[()])


def inputs():
    rng = np.random.default_rng(53)
    h = rng.standard_normal((Batch.size, Embed.size)).astype(np.float32)
    w = (rng.standard_normal((Embed.size, Vocab.size)) * 0.5).astype(np.float32)
    labels = rng.integers(0, Vocab.size, size=Batch.size).astype(np.int32)
    return h, w, labels


def main(h, w, labels):
    mesh = jax.make_mesh((4, 2), ("dp", "tp"))
    with axis_mapping(LOSS_MAPPING), jax.set_mesh(mesh):
        hs = shard(named(h, (Batch, Embed)), mesh)
        ws = shard(named(w, (Embed, Vocab)), mesh)
        ys = shard(named(labels, (Batch,)), mesh)
        loss = build(mesh, SmoothingConfig())(hs, ws, ys)
    print("smoothed xent", float(loss))
    return loss


if __name__ == "__main__":
    main(*inputs())
