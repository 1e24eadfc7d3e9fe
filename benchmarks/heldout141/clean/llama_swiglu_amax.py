"""levanter-lite/src/lite/models/llama_mlp_fp8.py

SwiGLU MLP of the Llama port with delayed fp8 scaling: the amax of the hidden activations
is tracked per step so the next step can pick its scale. The hidden axis is split over the
tensor axis.
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
Embed = Axis("embed", 16)
Mlp = Axis("mlp", 32)

MAPPING: ResourceMapping = {"batch": "replica", "embed": None, "mlp": "tensor"}
FP8_MAX = 448.0


@dataclasses.dataclass
class Fp8State:
    amax_history: np.ndarray

    def scale(self):
        return FP8_MAX / max(float(self.amax_history.max()), 1e-6)


def swiglu(x, w_gate, w_up):
    g = dot(x, w_gate, axis="embed")
    u = dot(x, w_up, axis="embed")
    return NamedArray(jax.nn.silu(g.array) * u.array, g.axes)


def hidden_for_stats(h):
    return jax.lax.all_gather(h.array, physical_axis_name("mlp"), axis=1, tiled=True,
                              to="reduced")


def activation_amax(h_seen):
    amax = jax.lax.pmax(jnp.abs(h_seen), physical_axis_name("mlp"))
    return jax.lax.pmax(jnp.max(amax), physical_axis_name("batch"))


def mlp_block(x, w_gate, w_up, w_down, scale):
    h = swiglu(x, w_gate, w_up)
    amax = activation_amax(h.array)
    hq = jnp.clip(h.array * scale, -FP8_MAX, FP8_MAX) / scale
    out = dot(NamedArray(hq, h.axes), w_down, axis="mlp")
    return NamedArray(jax.lax.psum(out.array, physical_axis_name("mlp")), out.axes), amax


def build(mesh):
    return named_shard_map(mlp_block, mesh,
                           in_axes=[(Batch, Embed), (Embed, Mlp), (Embed, Mlp), (Mlp, Embed), ()],
                           out_axes=[(Batch, Embed), ()])


def inputs():
    rng = np.random.default_rng(8)
    x = rng.standard_normal((Batch.size, Embed.size)).astype(np.float32)
    ws = [(rng.standard_normal(s) * 0.2).astype(np.float32)
          for s in [(Embed.size, Mlp.size), (Embed.size, Mlp.size), (Mlp.size, Embed.size)]]
    return (x, *ws)


def main(x, w_gate, w_up, w_down):
    mesh = jax.make_mesh((2, 4), ("replica", "tensor"))
    state = Fp8State(np.ones((4,), np.float32))
    with axis_mapping(MAPPING), jax.set_mesh(mesh):
        xs = shard(named(x, (Batch, Embed)), mesh)
        g = shard(named(w_gate, (Embed, Mlp)), mesh)
        u = shard(named(w_up, (Embed, Mlp)), mesh)
        d = shard(named(w_down, (Mlp, Embed)), mesh)
        scale = jnp.float32(state.scale())
        out, amax = build(mesh)(xs, g, u, d, scale)
    state.amax_history = np.roll(state.amax_history, 1)
    state.amax_history[0] = float(amax)
    print("out", out.array.shape, "amax", state.amax_history[0])
    return out.array


if __name__ == "__main__":
    main(*inputs())
