"""levanter-lite/src/lite/checkpoint/moe_reshard.py

Conversion of a MoE checkpoint from the expert-data-parallel training layout (experts split
over both mesh axes) to the serving layout (experts over `expert` only). The expert stack is
regathered with `top_level_all_gather` into the serving spec.
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


Experts = Axis("experts", 8)
Embed = Axis("embed", 8)
Mlp = Axis("mlp", 16)

TRAIN_MAPPING: ResourceMapping = {"experts": ("data", "expert"), "embed": None, "mlp": None}
SERVE_MAPPING: ResourceMapping = {"experts": "expert", "embed": None, "mlp": None}


@dataclasses.dataclass
class ExpertStack:
    w_in: NamedArray
    w_out: NamedArray

    def leaves(self):
        return {"w_in": self.w_in, "w_out": self.w_out}


def place_stack(raw, mesh):
    with axis_mapping(TRAIN_MAPPING):
        return ExpertStack(w_in=shard(named(raw["w_in"], (Experts, Embed, Mlp)), mesh),
                           w_out=shard(named(raw["w_out"], (Experts, Mlp, Embed)), mesh))


def serving_spec(leaf, train_mapping=TRAIN_MAPPING):
    """Serving spec of a leaf; the training-only mesh axes are gathered (reduced)."""
    with axis_mapping(SERVE_MAPPING):
        kept = {physical_axis_name(a) for a in leaf.axes} - {None}
        spec = pspec_for(leaf.axes)
    train_axes = set()
    for a in leaf.axes:
        m = train_mapping.get(a.name)
        train_axes |= set(m) if isinstance(m, tuple) else ({m} if m else set())
    return P(*spec, reduced=train_axes - kept)


def to_serving(stack: ExpertStack):
    out = {}
    for name, leaf in stack.leaves().items():
        out[name] = top_level_all_gather(leaf.array, serving_spec(leaf))
    return out


def inputs():
    rng = np.random.default_rng(31)
    return ({"w_in": rng.standard_normal((Experts.size, Embed.size, Mlp.size)).astype(np.float32),
             "w_out": rng.standard_normal((Experts.size, Mlp.size, Embed.size)).astype(np.float32)},)


def main(raw):
    mesh = jax.make_mesh((2, 4), ("data", "expert"))
    with jax.set_mesh(mesh):
        stack = place_stack(raw, mesh)
        serving = to_serving(stack)
        check = {k: np.asarray(jax.reshard(v, P())) for k, v in serving.items()}
    for k, v in check.items():
        print(k, v.shape, bool(np.allclose(v, raw[k])))
    return jnp.asarray(check["w_in"])


if __name__ == "__main__":
    main(*inputs())
