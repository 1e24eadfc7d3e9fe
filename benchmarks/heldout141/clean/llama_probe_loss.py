"""levanter-lite/src/lite/train/llama_probe.py

Linear-probe loss on top of the Llama attention output (used by the interpretability
sweep). Heads are split over the tensor axis; the loss is averaged over the batch and the
model-parallel group.
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


Batch = Axis("batch", 8)
Heads = Axis("heads", 4)
HeadDim = Axis("head_size", 6)
Embed = Axis("embed", 12)

MAPPING: ResourceMapping = {"batch": "replica", "heads": "tensor", "head_size": None,
                            "embed": None}
LOSS_REDUCE_OVER = ("batch",)


def o_proj(ctx, w_o):
    out = dot(ctx, w_o, axis=("heads", "head_size"))
    return NamedArray(jax.lax.psum(out.array, physical_axis_name("heads")), out.axes)


def probe_logits(h, probe):
    return dot(h, probe, axis="embed")


def probe_loss(ctx, w_o, probe, labels):
    h = o_proj(ctx, w_o)
    logit = probe_logits(h, probe).array
    ll = labels.array * jax.nn.log_sigmoid(logit) + (1 - labels.array) * jax.nn.log_sigmoid(-logit)
    loss = -jnp.mean(ll)
    mesh_axes = tuple(physical_axis_name(n) for n in LOSS_REDUCE_OVER)
    return jax.lax.pmean(loss, mesh_axes)


@dataclasses.dataclass
class ProbeTrainer:
    mesh: object
    lr: float = 0.5

    def loss_fn(self):
        return named_shard_map(probe_loss, self.mesh,
                               in_axes=[(Batch, Heads, HeadDim), (Heads, HeadDim, Embed),
                                        (Embed,), (Batch,)],
                               out_axes=[()])

    def step(self, ctx, w_o, probe, labels):
        loss = self.loss_fn()(ctx, w_o, probe, labels)
        return loss


def inputs():
    rng = np.random.default_rng(13)
    ctx = rng.standard_normal((Batch.size, Heads.size, HeadDim.size)).astype(np.float32)
    w_o = (rng.standard_normal((Heads.size, HeadDim.size, Embed.size)) * 0.1).astype(np.float32)
    probe = (rng.standard_normal((Embed.size,)) * 0.1).astype(np.float32)
    labels = (rng.random(Batch.size) > 0.5).astype(np.float32)
    return ctx, w_o, probe, labels


def main(ctx, w_o, probe, labels):
    mesh = jax.make_mesh((2, 4), ("replica", "tensor"))
    with axis_mapping(MAPPING), jax.set_mesh(mesh):
        c = shard(named(ctx, (Batch, Heads, HeadDim)), mesh)
        w = shard(named(w_o, (Heads, HeadDim, Embed)), mesh)
        p = shard(named(probe, (Embed,)), mesh)
        y = shard(named(labels, (Batch,)), mesh)
        loss = ProbeTrainer(mesh).step(c, w, p, y)
    print("probe loss", float(loss))
    return loss


if __name__ == "__main__":
    main(*inputs())
