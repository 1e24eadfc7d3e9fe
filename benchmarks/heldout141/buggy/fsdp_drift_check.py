"""levanter-lite/src/lite/parallel/fsdp_sync_check.py

Training step of an FSDP linear regressor with the "replica drift" check from the
divergence post-mortem: the gathered weight is compared against its mean over the fsdp
group, which must be zero if every shard holds the same parameters.
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
Out = Axis("out", 4)

COMPUTE_MAPPING: ResourceMapping = {"batch": "fsdp", "embed": None, "out": "tensor"}
PARAM_MAPPING: ResourceMapping = {"embed": "fsdp", "out": "tensor"}


@dataclasses.dataclass(frozen=True)
class StepConfig:
    lr: float = 0.05
    check_drift: bool = True


def gather_weight(w):
    return jax.lax.all_gather(w, physical_axis_name("embed", PARAM_MAPPING), axis=0, tiled=True,
                              to="reduced")


def replica_drift(w_full):
    fsdp = physical_axis_name("embed", PARAM_MAPPING)
    consensus = jax.lax.pmean(w_full, fsdp)
    return jnp.max(jnp.abs(w_full - consensus))


def train_step(x, y, w, config):
    w_full = gather_weight(w)
    pred = x @ w_full
    err = pred - y
    g_full = x.T @ err / Batch.size
    g = jax.lax.psum_scatter(g_full, physical_axis_name("batch", COMPUTE_MAPPING),
                             scatter_dimension=0, tiled=True)
    drift = replica_drift(w_full) if config.check_drift else jnp.zeros(())
    drift = jax.lax.pmax(drift, tuple(PARAM_MAPPING[a] for a in ("embed", "out")))
    return w - config.lr * g, drift


def make_step(mesh, config):
    in_specs = (pspec_for((Batch, Embed), COMPUTE_MAPPING), pspec_for((Batch, Out), COMPUTE_MAPPING),
                pspec_for((Embed, Out), PARAM_MAPPING))
    out_specs = (pspec_for((Embed, Out), PARAM_MAPPING), P())
    return jax.jit(jax.shard_map(functools.partial(train_step, config=config), mesh=mesh,
                                 in_specs=in_specs, out_specs=out_specs))


def inputs():
    rng = np.random.default_rng(79)
    x = rng.standard_normal((Batch.size, Embed.size)).astype(np.float32)
    w_true = rng.standard_normal((Embed.size, Out.size)).astype(np.float32)
    return x, x @ w_true, np.zeros_like(w_true)


def main(x, y, w):
    mesh = jax.make_mesh((4, 2), ("fsdp", "tensor"))
    with jax.set_mesh(mesh):
        xs = shard(named(x, (Batch, Embed)), mesh, COMPUTE_MAPPING).array
        ys = shard(named(y, (Batch, Out)), mesh, COMPUTE_MAPPING).array
        ws = shard(named(w, (Embed, Out)), mesh, PARAM_MAPPING).array
        step = make_step(mesh, StepConfig())
        for _ in range(3):
            ws, drift = step(xs, ys, ws)
    print("drift", float(drift))
    return ws


if __name__ == "__main__":
    main(*inputs())
