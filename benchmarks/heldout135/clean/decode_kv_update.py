"""maxtext_lite/inference/kv_update.py: write the new token into a head-sharded KV cache.

The cache is split by batch over data and by heads over tensor. Each decode step writes the new
key/value at the current position, attends over the filled prefix, and sums the head-sharded
output projection over the tensor axis.
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

CACHE = ("cache_batch", None, "cache_heads", None)
NEW = ("cache_batch", "cache_heads", None)
WO = ("heads", None, "embed")


def decode_step(cfg, mesh):
    heads_axis = mesh_axis_of("cache_heads")

    def body(k_cache, v_cache, q, k_new, v_new, wo, pos):
        k_cache = jax.lax.dynamic_update_index_in_dim(k_cache, k_new, pos, axis=1)
        v_cache = jax.lax.dynamic_update_index_in_dim(v_cache, v_new, pos, axis=1)
        s = jnp.einsum("bhd,bshd->bhs", q, k_cache) * cfg.head_dim ** -0.5
        s = jnp.where(jnp.arange(k_cache.shape[1])[None, None, :] <= pos, s, -1e9)
        ctx = jnp.einsum("bhs,bshd->bhd", jax.nn.softmax(s, axis=-1), v_cache)
        out = jax.lax.psum(jnp.einsum("bhd,hde->be", ctx, wo), heads_axis)
        return k_cache, v_cache, out

    cache, new = logical_to_mesh_axes(CACHE), logical_to_mesh_axes(NEW)
    return jax.jit(jax.shard_map(
        body, mesh=mesh, in_specs=(cache, cache, new, new, new, logical_to_mesh_axes(WO), P()),
        out_specs=(cache, cache, P(mesh_axis_of("cache_batch"), None))))


def inputs():
    cfg = initialize(["decode.py", "base.yml", "mesh_axes=['data', 'tensor']", "ici_tensor_parallelism=4"])
    mesh = create_device_mesh(cfg)
    b, s, h, d = 4, cfg.max_target_length, cfg.num_heads, cfg.head_dim
    put = functools.partial(with_logical_constraint, mesh=mesh)
    zeros = np.zeros((b, s, h, d), np.float32)
    wo = np.random.default_rng(46).normal(size=(h, d, cfg.emb_dim)).astype(np.float32) / 6
    return cfg, mesh, put(zeros, CACHE), put(zeros, CACHE), put(wo, WO)


def main(cfg, mesh, k_cache, v_cache, wo):
    step = decode_step(cfg, mesh)
    rng = np.random.default_rng(47)
    for pos in range(3):
        q, k_new, v_new = (with_logical_constraint(rng.normal(size=(4, cfg.num_heads, cfg.head_dim))
                                                   .astype(np.float32), NEW, mesh) for _ in range(3))
        k_cache, v_cache, out = step(k_cache, v_cache, q, k_new, v_new, wo, np.int32(pos))
        print("pos", pos, "out", out.shape, float(jnp.sum(out)))


if __name__ == "__main__":
    main(*inputs())
