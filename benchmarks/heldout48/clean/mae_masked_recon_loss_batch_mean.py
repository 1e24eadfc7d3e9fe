"""MAE reconstruction loss on masked patches only; the loss step is made by a builder that reads
its axes from the mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def make_loss_step(mesh):
    axes = mesh.axis_names
    batch_axis, patch_axis = axes

    def loss_step(pred, target, mask):
        per_patch = jnp.mean((pred - target) ** 2, axis=-1)
        masked = jax.lax.psum(jnp.sum(per_patch * mask), patch_axis)
        denom = jax.lax.psum(jnp.sum(mask), patch_axis)
        return jax.lax.pmean(masked / denom, batch_axis)

    spec = P(batch_axis, patch_axis, None)
    return jax.jit(jax.shard_map(loss_step, mesh=mesh, in_specs=(spec, spec, P(batch_axis, patch_axis)),
                                 out_specs=P()))


def inputs():
    rng = np.random.default_rng(23)
    pred = rng.normal(size=(4, 16, 12)).astype(np.float32)
    target = rng.normal(size=(4, 16, 12)).astype(np.float32)
    mask = (rng.uniform(size=(4, 16)) < 0.75).astype(np.float32)
    return pred, target, mask


def main(pred, target, mask):
    mesh = jax.make_mesh((2, 4), ("batch", "patch"))
    spec = P("batch", "patch", None)
    pred, target = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (pred, target))
    mask = jax.device_put(mask, NamedSharding(mesh, P("batch", "patch")))
    return make_loss_step(mesh)(pred, target, mask)


if __name__ == "__main__":
    main(*inputs())
