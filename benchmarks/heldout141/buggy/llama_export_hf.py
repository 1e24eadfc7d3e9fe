"""levanter-lite/src/lite/export/to_hf.py

Export of the Llama port's attention weights to a Hugging Face style state dict. Parameters
are initialised sharded (FSDP over `replica`, tensor parallel over `tensor`) and regathered
on the host side with `top_level_all_gather` before conversion.
"""
import contextlib
import dataclasses
import functools
import string

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
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


Embed = Axis("embed", 16)
Heads = Axis("heads", 8)
HeadDim = Axis("head_size", 4)

FSDP_MAPPING: ResourceMapping = {"embed": "replica", "heads": "tensor", "head_size": None}
TP_AXES = ("heads", "mlp", "kv_heads")

HF_NAMES = {"q_proj": "model.layers.0.self_attn.q_proj.weight",
            "k_proj": "model.layers.0.self_attn.k_proj.weight",
            "o_proj": "model.layers.0.self_attn.o_proj.weight"}
PARAM_AXES = {"q_proj": (Embed, Heads, HeadDim),
              "k_proj": (Embed, Heads, HeadDim),
              "o_proj": (Heads, HeadDim, Embed)}


def init_attention(key, mesh):
    keys = dict(zip(PARAM_AXES, jax.random.split(key, len(PARAM_AXES))))
    out = {}
    for name, axes in PARAM_AXES.items():
        sharding = NamedSharding(mesh, pspec_for(axes))
        make = jax.jit(functools.partial(jax.random.normal, shape=tuple(a.size for a in axes)),
                       out_shardings=sharding)
        out[name] = NamedArray(make(keys[name]) * 0.02, axes)
    return out


def export_spec(axes):
    gathered = [a for a in axes if a.name in TP_AXES and physical_axis_name(a)]
    return pspec_for([None] * len(axes), reduced=gathered)


def to_hf(params):
    state = {}
    for name, leaf in params.items():
        full = top_level_all_gather(leaf.array, export_spec(leaf.axes), multi_dim=True)
        host = np.asarray(jax.reshard(full, P()))
        state[HF_NAMES[name]] = host.reshape(host.shape[0], -1) if name != "o_proj" else \
            host.reshape(-1, host.shape[-1]).T
    return state


def inputs():
    return (0,)


def main(seed):
    mesh = jax.make_mesh((2, 4), ("replica", "tensor"))
    with axis_mapping(FSDP_MAPPING), jax.set_mesh(mesh):
        params = init_attention(jax.random.PRNGKey(seed), mesh)
        state = to_hf(params)
    for k, v in state.items():
        print(k, v.shape)
    return jnp.asarray(state[HF_NAMES["q_proj"]])


if __name__ == "__main__":
    main(*inputs())
