"""levanter-lite/src/lite/models/gpt2_mlp.py

GPT-2 MLP block with activation statistics for the training dashboard. The block runs
under shard_map with tensor parallelism over the `mlp` axis; norms are logged per layer.
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


Batch = Axis("batch", 32)
Embed = Axis("embed", 16)
Mlp = Axis("mlp", 64)

GPT_MAPPING: ResourceMapping = {
    "batch": "data",
    "embed": None,
    "mlp": "model",
    "heads": "model",
}


@dataclasses.dataclass(frozen=True)
class MlpConfig:
    hidden: Axis = Mlp
    activation: str = "gelu"
    log_norms: bool = True
    log_axis: str = "heads"


class Gpt2Mlp:
    def __init__(self, config: MlpConfig, w_up: NamedArray, w_down: NamedArray):
        self.config = config
        self.w_up = w_up
        self.w_down = w_down

    def _act(self, h):
        if self.config.activation == "gelu":
            return NamedArray(jax.nn.gelu(h.array), h.axes)
        return NamedArray(jax.nn.relu(h.array), h.axes)

    def __call__(self, x, w_up, w_down):
        h = self._act(dot(x, w_up, axis="embed"))
        out = dot(h, w_down, axis="mlp")
        out = NamedArray(jax.lax.psum(out.array, physical_axis_name("mlp")), out.axes)
        stats = None
        if self.config.log_norms:
            sq = jnp.sum(out.array * out.array, axis=-1)
            act_norm = jnp.sqrt(jnp.mean(sq))[None]
            stats = jax.lax.all_gather(act_norm, physical_axis_name(self.config.log_axis),
                                       tiled=True, to="reduced")
        return out, stats

    def sharded(self, mesh):
        out_axes = [(Batch, Embed), (None,)]
        return named_shard_map(self.__call__, mesh,
                               in_axes=[(Batch, Embed), (Embed, Mlp), (Mlp, Embed)],
                               out_axes=out_axes,
                               out_reduced=[(), (self.config.log_axis,)])


def init_weights(key):
    k1, k2 = jax.random.split(key)
    w_up = np.asarray(jax.random.normal(k1, (Embed.size, Mlp.size))) * 0.02
    w_down = np.asarray(jax.random.normal(k2, (Mlp.size, Embed.size))) * 0.02
    return w_up.astype(np.float32), w_down.astype(np.float32)


def inputs():
    rng = np.random.default_rng(0)
    x = rng.standard_normal((Batch.size, Embed.size)).astype(np.float32)
    w_up, w_down = init_weights(jax.random.PRNGKey(1))
    return x, w_up, w_down


def main(x, w_up, w_down):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    config = MlpConfig()
    with axis_mapping(GPT_MAPPING), jax.set_mesh(mesh):
        xs = shard(named(x, (Batch, Embed)), mesh)
        up = shard(named(w_up, (Embed, Mlp)), mesh)
        down = shard(named(w_down, (Mlp, Embed)), mesh)
        block = Gpt2Mlp(config, up, down)
        out, stats = block.sharded(mesh)(xs, up, down)
    print("mlp out", out.array.shape, "norm trace", stats.shape)
    return out.array


if __name__ == "__main__":
    main(*inputs())
