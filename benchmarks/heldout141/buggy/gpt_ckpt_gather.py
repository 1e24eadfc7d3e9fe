"""levanter-lite/src/lite/checkpoint/gather_save.py

Host-side checkpoint writer for the GPT-2 trainer: every parameter is regathered with
`top_level_all_gather` (reduced over the mesh axes its logical axes were mapped to) and
written as one NumPy array per leaf.
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


Embed = Axis("embed", 32)
Mlp = Axis("mlp", 64)
Vocab = Axis("vocab", 48)

TRAIN_MAPPING: ResourceMapping = {"embed": "data", "mlp": "model", "vocab": "model"}
SERVE_MAPPING: ResourceMapping = {"embed": None, "mlp": "model", "vocab": "model"}

PARAM_AXES = {
    "wte": (Vocab, Embed),
    "mlp_up": (Embed, Mlp),
    "mlp_down": (Mlp, Embed),
}


def init_params(seed=0):
    rng = np.random.default_rng(seed)
    return {k: (rng.standard_normal(tuple(a.size for a in axes)) * 0.02).astype(np.float32)
            for k, axes in PARAM_AXES.items()}


def gathered_spec(axes):
    """The spec of the regathered leaf: replicated, reduced on every mapped axis."""
    return pspec_for([None] * len(axes), reduced=[a for a in axes if physical_axis_name(a)])


class CheckpointWriter:
    def __init__(self, mesh, mapping=SERVE_MAPPING):
        self.mesh = mesh
        self.mapping = mapping
        self.written = {}

    def gather_leaf(self, leaf: NamedArray):
        spec = gathered_spec(leaf.axes)
        multi = len(spec.reduced) > 1
        return top_level_all_gather(leaf.array, spec, multi_dim=multi)

    def save(self, params):
        with axis_mapping(self.mapping):
            for name, leaf in params.items():
                host = np.asarray(jax.reshard(self.gather_leaf(leaf), P()))
                self.written[name] = host
        return self.written


def place_params(raw, mesh):
    return {k: shard(named(v, PARAM_AXES[k]), mesh) for k, v in raw.items()}


def inputs():
    return (init_params(),)


def main(raw):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    with jax.set_mesh(mesh):
        with axis_mapping(TRAIN_MAPPING):
            params = place_params(raw, mesh)
        out = CheckpointWriter(mesh).save(params)
    total = sum(v.size for v in out.values())
    print("wrote", len(out), "leaves,", total, "values")
    return jnp.asarray(out["wte"])


if __name__ == "__main__":
    main(*inputs())
