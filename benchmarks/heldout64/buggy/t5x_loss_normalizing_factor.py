"""T5X-like EncoderDecoderModel.loss_fn with a global loss normalizing factor."""
import enum
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class SpecialLossNormalizingFactor(enum.Enum):
    NUM_REAL_TARGET_TOKENS = 1
    NUM_TOTAL_TARGET_TOKENS = 2


def get_loss_normalizing_factor_and_weights(factor, weights, axes):
    if factor is SpecialLossNormalizingFactor.NUM_REAL_TARGET_TOKENS:
        local = jnp.sum(weights)
    elif factor is SpecialLossNormalizingFactor.NUM_TOTAL_TARGET_TOKENS:
        local = jnp.asarray(weights.size, jnp.float32)
    else:
        return jnp.asarray(factor, jnp.float32), weights
    return jax.lax.psum(local, axes), weights


class EncoderDecoderModel:
    def __init__(self, mesh, loss_normalizing_factor=SpecialLossNormalizingFactor.NUM_REAL_TARGET_TOKENS):
        self.mesh = mesh
        self.loss_normalizing_factor = loss_normalizing_factor

    def loss_fn(self, logits, targets, weights):
        log_p = jax.nn.log_softmax(logits, axis=-1)
        nll = -jnp.take_along_axis(log_p, targets[..., None], axis=-1)[..., 0]
        factor, weights = get_loss_normalizing_factor_and_weights(
            self.loss_normalizing_factor, weights, self.mesh.axis_names)
        loss = jax.lax.psum(jnp.sum(nll * weights), "data") / factor
        return loss


def inputs():
    rng = np.random.default_rng(10)
    logits = rng.standard_normal((8, 4, 16)).astype(np.float32)
    targets = rng.integers(0, 16, (8, 4)).astype(np.int32)
    weights = (targets > 0).astype(np.float32)
    return logits, targets, weights


def main(logits, targets, weights):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    model = EncoderDecoderModel(mesh)
    specs = (P("data", None, None), P("data", None), P("data", None))
    logits, targets, weights = (jax.device_put(a, NamedSharding(mesh, s))
                                for a, s in zip((logits, targets, weights), specs))
    loss_fn = jax.jit(jax.shard_map(functools.partial(EncoderDecoderModel.loss_fn, model), mesh=mesh,
                                    in_specs=specs, out_specs=P()))
    return loss_fn(logits, targets, weights)


if __name__ == "__main__":
    main(*inputs())
