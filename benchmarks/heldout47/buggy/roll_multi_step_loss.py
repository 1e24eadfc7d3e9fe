"""Multi-step rollout loss for fine-tuning an emulator on its own predictions."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LOSS_AXES = ("ens", "lon")


def emulator_step(x):
    return x + 0.1 * jnp.tanh(x)


def make_loss(model_step, lon_axis="lon"):
    def loss_fn(x0, targets):
        def step(x, target):
            x = model_step(x)
            err = jax.lax.psum(jnp.sum((x - target) ** 2), lon_axis)
            return x, err

        _, errs = jax.lax.scan(step, x0, targets)
        return jax.lax.pmean(errs.mean(), LOSS_AXES)

    return loss_fn


def inputs():
    rng = np.random.default_rng(31)
    x0 = rng.standard_normal((4, 16)).astype(np.float32)
    targets = np.stack([x0 * (1 + 0.1 * k) for k in range(1, 4)]).astype(np.float32)
    return x0, targets


def main(x0, targets):
    mesh = jax.make_mesh((2, 4), LOSS_AXES)
    x0 = jax.device_put(x0, NamedSharding(mesh, P("ens", "lon")))
    targets = jax.device_put(targets, NamedSharding(mesh, P(None, "ens", "lon")))
    loss = jax.shard_map(make_loss(emulator_step), mesh=mesh,
                         in_specs=(P("ens", "lon"), P(None, "ens", "lon")), out_specs=P())
    return loss(x0, targets)


if __name__ == "__main__":
    main(*inputs())
