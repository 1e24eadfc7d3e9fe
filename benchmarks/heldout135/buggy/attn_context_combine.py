"""maxtext_lite/layers/attention_cp.py: context-parallel attention with gathered query blocks.

Keys and values stay split over the context axis; every device holds all the queries of its
batch rows, computes a partial softmax over its key block and the partial results are combined
with pmax / psum over the context axis. The outputs are then laid back along the sequence.
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

QKV = ("activation_batch", "activation_length", "activation_heads", None)
Q_FULL = ("activation_batch", None, "activation_heads", None)


def context_attention(cfg, mesh):
    cp = mesh_axis_of("activation_length")
    seq_axis = mesh_axis_of(cfg.output_layout[1])

    def body(q, k, v):
        s = jnp.einsum("bqhd,bkhd->bhqk", q, k) * cfg.head_dim ** -0.5
        m = jax.lax.pmax(jnp.max(s, axis=-1, keepdims=True), cp)
        p = jnp.exp(s - m)
        denom = jax.lax.psum(jnp.sum(p, axis=-1, keepdims=True), cp)
        o = jax.lax.psum(jnp.einsum("bhqk,bkhd->bqhd", p, v), cp) / jnp.swapaxes(denom, 1, 2)
        return jax.lax.all_gather(o, seq_axis, axis=1, tiled=True, to="reduced")

    return jax.shard_map(body, mesh=mesh,
                         in_specs=(logical_to_mesh_axes(Q_FULL), logical_to_mesh_axes(QKV),
                                   logical_to_mesh_axes(QKV)),
                         out_specs=P(mesh_axis_of("activation_batch"), None, None, None, reduced={seq_axis}))


def inputs():
    cfg = initialize(["train.py", "base.yml", "mesh_axes=['data', 'context']", "ici_context_parallelism=4"],
                      output_layout=("activation_batch", "activation_length", "activation_heads", None))
    mesh = create_device_mesh(cfg)
    rng = np.random.default_rng(7)
    shape = (cfg.global_batch_size_to_train_on, cfg.max_target_length, cfg.num_heads, cfg.head_dim)
    q, k, v = (rng.normal(size=shape).astype(np.float32) for _ in range(3))
    return (cfg, mesh, with_logical_constraint(q, Q_FULL, mesh), with_logical_constraint(k, QKV, mesh),
            with_logical_constraint(v, QKV, mesh))


def main(cfg, mesh, q, k, v):
    out = jax.jit(context_attention(cfg, mesh))(q, k, v)
    print("attention out", out.shape)


if __name__ == "__main__":
    main(*inputs())
