"""maxtext_lite/train_accum.py: gradient accumulation for the regression head, data parallel.

Each device splits its batch shard into `gradient_accumulation_steps` microbatches, accumulates
the (hand-derived) gradient of the squared error, and the sum is all-reduced over the batch
axes. The optimizer shards its update over the fsdp axis (ZeRO-1), so the gradient is then
gathered back over that axis to reduced for the replicated weights.
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

X = ("activation_batch", "activation_embed")
W = (None, None)


def head_grad(w, x, y):
    err = x @ w - y
    return 2.0 * x.T @ err / x.shape[0], jnp.mean(err * err)


def accumulate(cfg, mesh):
    batch_axes = mesh_axis_of("activation_batch")
    zero_axis = mesh_axis_of("embed")
    steps = cfg.gradient_accumulation_steps

    def body(w, x, y):
        xs = x.reshape(steps, -1, x.shape[-1])
        ys = y.reshape(steps, -1, y.shape[-1])
        g_acc = jnp.zeros(w.shape, w.dtype)
        loss_acc = 0.0
        for i in range(steps):
            g, loss = head_grad(w, xs[i], ys[i])
            g_acc = g_acc + g
            loss_acc = loss_acc + loss
        g_sum = jax.lax.psum(g_acc, batch_axes)
        g_full = jax.lax.all_gather(g_sum, zero_axis, axis=0, tiled=True, to="reduced")
        return g_full, jax.lax.pmean(loss_acc / steps, batch_axes)

    return jax.shard_map(body, mesh=mesh,
                         in_specs=(logical_to_mesh_axes(W), logical_to_mesh_axes(X), logical_to_mesh_axes(X)),
                         out_specs=(P(None, None, reduced={zero_axis}), P()))


def inputs():
    cfg = initialize(["train.py", "base.yml", "mesh_axes=['data', 'fsdp']", "ici_fsdp_parallelism=4",
                      "emb_dim=16"])
    mesh = create_device_mesh(cfg)
    rng = np.random.default_rng(19)
    n = cfg.global_batch_size_to_train_on
    x = rng.normal(size=(n, cfg.emb_dim)).astype(np.float32)
    y = (x @ rng.normal(size=(cfg.emb_dim, 4))).astype(np.float32)
    w = np.zeros((cfg.emb_dim, 4), np.float32)
    return (cfg, mesh, with_logical_constraint(w, W, mesh), with_logical_constraint(x, X, mesh),
            with_logical_constraint(y, X, mesh))


def main(cfg, mesh, w, x, y):
    grads, loss = jax.jit(accumulate(cfg, mesh))(w, x, y)
    print("grad", grads.shape, "loss", float(loss))


if __name__ == "__main__":
    main(*inputs())
