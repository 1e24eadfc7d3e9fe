"""MaxText-like train step: token-weighted loss with per-replica bookkeeping."""
import ast
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

BASE_YML = """
run_name: 'heldout'
mesh_axes: ['data', 'tensor']
ici_data_parallelism: 2
ici_tensor_parallelism: 4
per_device_batch_size: 1
max_target_length: 4
emb_dim: 8
vocab_size: 16
logical_axis_rules: [['activation_batch', ['data']], ['activation_length', []], ['activation_embed', []], ['vocab', []]]
"""


class HyperParameters:
    """Read-only view of the merged yml keys."""

    def __init__(self, keys):
        object.__setattr__(self, "keys", dict(keys))

    def __getattr__(self, attr):
        try:
            return self.keys[attr]
        except KeyError:
            raise AttributeError(attr) from None

    def __setattr__(self, attr, value):
        raise ValueError("Reinitialization of config is not allowed")


def initialize(argv):
    keys = {}
    for line in BASE_YML.strip().splitlines():
        key, _, value = line.partition(":")
        keys[key.strip()] = ast.literal_eval(value.strip())
    for override in argv:
        key, _, value = override.partition("=")
        keys[key] = ast.literal_eval(value)
    return HyperParameters(keys)


def create_device_mesh(config):
    shape = tuple(config.keys[f"ici_{name}_parallelism"] for name in config.mesh_axes)
    return jax.make_mesh(shape, tuple(config.mesh_axes))


def logical_to_mesh_axes(names, rules):
    table = {name: tuple(axes) for name, axes in rules}
    resolved = []
    for name in names:
        axes = table.get(name, ())
        resolved.append(axes[0] if len(axes) == 1 else (axes or None))
    return P(*resolved)


def cross_entropy_with_logits(logits, targets):
    log_z = jax.nn.logsumexp(logits, axis=-1)
    picked = jnp.take_along_axis(logits, targets[..., None], axis=-1)[..., 0]
    return log_z - picked


def train_step_body(config, params, inputs, targets, segmentation):
    logits = jnp.einsum("ble,ev->blv", inputs, params)
    xent = cross_entropy_with_logits(logits, targets)
    weights = (segmentation != 0).astype(jnp.float32)
    batch_axis = config.mesh_axes[0]
    total_loss = jax.lax.psum(jnp.sum(xent * weights), batch_axis)
    total_weights = jax.lax.psum(jnp.sum(weights), batch_axis)
    loss = total_loss / (total_weights + 1e-8)
    per_replica = jax.lax.all_gather(total_weights[None], batch_axis, to="reduced", tiled=True)
    return loss, per_replica


def inputs():
    rng = np.random.default_rng(0)
    config = initialize(["per_device_batch_size=4"])
    batch = config.per_device_batch_size * config.ici_data_parallelism
    x = rng.standard_normal((batch, config.max_target_length, config.emb_dim)).astype(np.float32)
    w = rng.standard_normal((config.emb_dim, config.vocab_size)).astype(np.float32) * 0.1
    targets = rng.integers(0, config.vocab_size, (batch, config.max_target_length)).astype(np.int32)
    segmentation = np.ones((batch, config.max_target_length), np.int32)
    segmentation[:, -1] = 0
    return config, w, x, targets, segmentation


def main(config, w, x, targets, segmentation):
    mesh = create_device_mesh(config)
    act = logical_to_mesh_axes(("activation_batch", "activation_length", "activation_embed"), config.logical_axis_rules)
    tok = logical_to_mesh_axes(("activation_batch", "activation_length"), config.logical_axis_rules)
    wspec = logical_to_mesh_axes(("activation_embed", "vocab"), config.logical_axis_rules)
    w = jax.device_put(w, NamedSharding(mesh, wspec))
    x = jax.device_put(x, NamedSharding(mesh, act))
    targets = jax.device_put(targets, NamedSharding(mesh, tok))
    segmentation = jax.device_put(segmentation, NamedSharding(mesh, tok))
    step = jax.jit(jax.shard_map(
        functools.partial(train_step_body, config), mesh=mesh,
        in_specs=(wspec, act, tok, tok),
        out_specs=(P(), P(None, reduced={config.mesh_axes[0]}))))
    return step(w, x, targets, segmentation)


if __name__ == "__main__":
    main(*inputs())
