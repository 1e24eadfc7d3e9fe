"""maxtext_lite/layers/norms.py: post-MLP RMSNorm over a tensor-parallel hidden dimension.

The hidden activations of the MLP are split over the tensor axis; the norm needs the mean square
over the whole hidden width, so the block collects the hidden vector before normalising it.
"""
import ast
import functools
import math

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---------------------------------------------------------------------------------------------
# maxtext_lite: pyconfig-style config, logical axis rules and the device mesh (shared utils).
# ---------------------------------------------------------------------------------------------
BASE_YML = """
run_name: 'local'
mesh_axes: ['data', 'fsdp', 'tensor']
ici_data_parallelism: -1
ici_fsdp_parallelism: 1
ici_tensor_parallelism: 1
ici_context_parallelism: 1
ici_expert_parallelism: 1
per_device_batch_size: 2
max_target_length: 16
emb_dim: 32
mlp_dim: 64
num_heads: 8
head_dim: 4
vocab_size: 64
num_experts: 8
gradient_accumulation_steps: 2
logical_axis_rules: [['activation_batch', ['data', 'fsdp']], ['activation_length', 'context'], ['activation_embed', None], ['activation_mlp', 'tensor'], ['activation_heads', 'tensor'], ['activation_vocab', 'tensor'], ['activation_exp', 'expert'], ['embed', 'fsdp'], ['mlp', 'tensor'], ['heads', 'tensor'], ['vocab', 'tensor'], ['exp', 'expert'], ['cache_batch', 'data'], ['cache_heads', 'tensor'], ['norm', None]]
"""


def _parse_value(text):
    text = text.strip()
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return text


class _HyperParameters:
    """Read-only view of the raw keys plus the properties computed from them."""

    def __init__(self, raw):
        object.__setattr__(self, "_raw", raw)

    def __getattr__(self, key):
        raw = object.__getattribute__(self, "_raw")
        if key in raw:
            return raw[key]
        if key in _COMPUTED:
            return _COMPUTED[key](self)
        raise AttributeError(f"config has no key {key!r}")

    def __setattr__(self, key, value):
        raise ValueError("config is read-only after initialize()")

    def get_keys(self):
        return dict(object.__getattribute__(self, "_raw"))


_COMPUTED = {
    "global_batch_size_to_train_on": lambda c: c.per_device_batch_size * jax.device_count(),
    "micro_batch_size": lambda c: c.per_device_batch_size * jax.device_count() // c.gradient_accumulation_steps,
    "mesh_shape": lambda c: tuple(_axis_size(c, a) for a in c.mesh_axes),
}

config = None


def _axis_size(cfg, axis):
    sizes = {a: cfg.get_keys()[f"ici_{a}_parallelism"] for a in cfg.mesh_axes}
    if sizes[axis] != -1:
        return sizes[axis]
    known = math.prod(s for s in sizes.values() if s != -1)
    return jax.device_count() // known


def initialize(argv, **kwargs):
    """initialize(["train.py", "base.yml", "key=value", ...]): base keys, then overrides."""
    global config
    raw = {}
    for line in BASE_YML.strip().splitlines():
        key, _, value = line.partition(":")
        raw[key.strip()] = _parse_value(value)
    for arg in argv[2:]:
        key, _, value = arg.partition("=")
        if key not in raw:
            raise ValueError(f"unknown config key {key!r}")
        raw[key] = _parse_value(value)
    raw.update(kwargs)
    raw["logical_axis_rules"] = [(name, tuple(ax) if isinstance(ax, list) else ax)
                                 for name, ax in raw["logical_axis_rules"]]
    config = _HyperParameters(raw)
    return config


def create_device_mesh(cfg):
    return jax.make_mesh(cfg.mesh_shape, tuple(cfg.mesh_axes))


def logical_to_mesh_axes(logical_names, rules=None):
    rules = dict(config.logical_axis_rules if rules is None else rules)
    out = []
    for name in logical_names:
        axis = rules.get(name) if name is not None else None
        if isinstance(axis, tuple):
            axis = tuple(a for a in axis if a in config.mesh_axes)
            axis = axis[0] if len(axis) == 1 else (axis or None)
        elif axis not in config.mesh_axes:
            axis = None
        out.append(axis)
    return P(*out)


def mesh_axis_of(logical_name):
    return logical_to_mesh_axes((logical_name,))[0]


def with_logical_constraint(x, logical_names, mesh):
    return jax.device_put(x, NamedSharding(mesh, logical_to_mesh_axes(logical_names)))
# ---------------------------------------------------------------------------------------------

H_LOGICAL = ("activation_batch", "activation_length", "activation_mlp")


class HiddenRMSNorm:
    def __init__(self, cfg, mesh, epsilon=1e-6):
        self.cfg = cfg
        self.mesh = mesh
        self.epsilon = epsilon
        self.tp = mesh_axis_of("activation_mlp")

    def mean_square(self, h):
        full = jax.lax.all_gather(h, self.tp, axis=2, tiled=True, to="reduced")
        sq = jnp.sum(full * full, axis=-1, keepdims=True)
        return jax.lax.psum(sq, self.tp) / self.cfg.mlp_dim

    def body(self, h, scale):
        ms = self.mean_square(h)
        return h * jax.lax.rsqrt(ms + self.epsilon) * scale

    def __call__(self, h, scale):
        spec = logical_to_mesh_axes(H_LOGICAL)
        fn = jax.shard_map(self.body, mesh=self.mesh,
                           in_specs=(spec, logical_to_mesh_axes(("mlp",))), out_specs=spec)
        return jax.jit(fn)(h, scale)


def inputs():
    cfg = initialize(["train.py", "base.yml", "mesh_axes=['data', 'tensor']", "ici_tensor_parallelism=2"])
    mesh = create_device_mesh(cfg)
    rng = np.random.default_rng(2)
    h = rng.normal(size=(cfg.global_batch_size_to_train_on, 4, cfg.mlp_dim)).astype(np.float32)
    scale = np.ones((cfg.mlp_dim,), np.float32)
    return cfg, mesh, with_logical_constraint(h, H_LOGICAL, mesh), with_logical_constraint(scale, ("mlp",), mesh)


def main(cfg, mesh, h, scale):
    norm = HiddenRMSNorm(cfg, mesh)
    y = norm(h, scale)
    print("normed", y.shape, float(jnp.mean(y * y)))


if __name__ == "__main__":
    main(*inputs())
