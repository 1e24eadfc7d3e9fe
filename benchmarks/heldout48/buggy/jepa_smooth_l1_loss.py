"""V-JEPA regression loss: smooth-L1 between predictor outputs and targets, summed over the
feature dimension split across tube shards, then averaged over the mesh by the loss helper."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_AXES = ("fsdp", "tube")


def smooth_l1(pred, target, beta=1.0):
    d = jnp.abs(pred - target)
    return jnp.where(d < beta, 0.5 * d * d / beta, d - 0.5 * beta)


def tube_sum(x, axis):
    return jax.lax.psum(jnp.sum(x, axis=-1), axis)


def mesh_mean(x, axes=MESH_AXES):
    return jax.lax.pmean(x, axes)


def loss_fn(pred, target):
    per_token = tube_sum(smooth_l1(pred, target), MESH_AXES[1])
    return mesh_mean(jnp.mean(per_token))


def inputs():
    rng = np.random.default_rng(64)
    return rng.normal(size=(8, 16)).astype(np.float32), rng.normal(size=(8, 16)).astype(np.float32)


def main(pred, target):
    mesh = jax.make_mesh((4, 2), MESH_AXES)
    spec = P(*MESH_AXES)
    pred, target = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (pred, target))
    with jax.set_mesh(mesh):
        value, grad = jax.value_and_grad(
            lambda p: jax.shard_map(loss_fn, mesh=mesh, in_specs=(spec, spec), out_specs=P())(p, target))(pred)
    return value, grad


if __name__ == "__main__":
    main(*inputs())
