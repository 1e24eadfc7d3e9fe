"""An Opacus-like PrivacyEngine: make_private returns the noisy aggregation step as a partial."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

BATCH, FEATURE = "batch", "feature"


def _clip(g, max_norm):
    norm = jnp.sqrt(jnp.sum(g * g, axis=1, keepdims=True))
    return g * jnp.minimum(1.0, max_norm / (norm + 1e-6))


def noisy_aggregate(grads, noise, *, max_grad_norm, noise_multiplier, axes):
    clipped = _clip(grads, max_grad_norm)
    summed = clipped.sum(axis=0, keepdims=True) + noise_multiplier * max_grad_norm * noise
    per_batch = jax.lax.all_gather(summed, axes[0], axis=0, tiled=True, to="reduced")
    return jax.lax.all_gather(per_batch, axes, axis=1, tiled=True, to="reduced")


class PrivacyEngine:
    def __init__(self, axes=(BATCH, FEATURE)):
        self.axes = axes

    def make_private(self, noise_multiplier, max_grad_norm):
        return functools.partial(noisy_aggregate, max_grad_norm=max_grad_norm,
                                 noise_multiplier=noise_multiplier, axes=self.axes)


def inputs():
    rng = np.random.default_rng(7)
    grads = rng.normal(size=(16, 8)).astype(np.float32)
    noise = rng.normal(size=(4, 8)).astype(np.float32)
    return grads, noise


def main(grads, noise):
    engine = PrivacyEngine()
    mesh = jax.make_mesh((4, 2), engine.axes)
    spec = P(*engine.axes)
    grads = jax.device_put(grads, NamedSharding(mesh, spec))
    noise = jax.device_put(noise, NamedSharding(mesh, spec))
    step = engine.make_private(noise_multiplier=1.1, max_grad_norm=1.0)
    out = P(None, None, reduced=set(engine.axes))
    return jax.shard_map(step, mesh=mesh, in_specs=(spec, spec), out_specs=out)(grads, noise)


if __name__ == "__main__":
    main(*inputs())
