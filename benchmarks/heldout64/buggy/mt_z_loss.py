"""MaxText-like loss with z-loss on vocab-parallel logits."""
import functools
import types

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

RAW_CONFIG = {
    "mesh_axes": ("data", "tensor"),
    "ici_parallelism": {"data": 2, "tensor": 4},
    "vocab_size": 32,
    "z_loss_multiplier": 1e-4,
    "logits_dot_in_fp32": True,
    "logical_axis_rules": {"activation_batch": "data", "activation_vocab": "tensor"},
}


def cross_entropy_with_logits(logits, one_hot_targets, z_loss):
    log_z = jax.nn.logsumexp(logits, axis=-1, keepdims=True)
    log_softmax = logits - log_z
    loss = -jnp.sum(one_hot_targets * log_softmax, axis=-1)
    total_z_loss = z_loss * jnp.squeeze(log_z, axis=-1) ** 2
    return loss + total_z_loss, total_z_loss


def compute_loss(config, logits, targets):
    vocab_axis = config.logical_axis_rules["activation_vocab"]
    if config.logits_dot_in_fp32:
        logits = logits.astype(jnp.float32)
    full_logits = jax.lax.all_gather(logits, vocab_axis, axis=-1, tiled=True, to="reduced")
    one_hot = jax.nn.one_hot(targets, config.vocab_size)
    xent, z = cross_entropy_with_logits(full_logits, one_hot, config.z_loss_multiplier)
    return xent, z


def inputs():
    rng = np.random.default_rng(5)
    config = types.SimpleNamespace(**RAW_CONFIG)
    logits = rng.standard_normal((8, config.vocab_size)).astype(np.float32)
    targets = rng.integers(0, config.vocab_size, (8,)).astype(np.int32)
    return config, logits, targets


def main(config, logits, targets):
    mesh = jax.make_mesh(tuple(config.ici_parallelism[a] for a in config.mesh_axes), config.mesh_axes)
    rules = config.logical_axis_rules
    lspec = P(rules["activation_batch"], rules["activation_vocab"])
    tspec = P(rules["activation_batch"])
    logits = jax.device_put(logits, NamedSharding(mesh, lspec))
    targets = jax.device_put(targets, NamedSharding(mesh, tspec))
    loss_fn = jax.shard_map(functools.partial(compute_loss, config), mesh=mesh,
                            in_specs=(lspec, tspec), out_specs=(tspec, tspec))
    return jax.jit(loss_fn)(logits, targets)


if __name__ == "__main__":
    main(*inputs())
