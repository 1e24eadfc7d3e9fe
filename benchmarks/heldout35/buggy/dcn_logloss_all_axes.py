"""DCN-v2 training step: row-parallel logit projection and the global log-loss."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def make_loss_fn(axes):
    batch_axis, feature_axis = axes

    def loss_fn(x, w, labels):
        logits = jax.lax.psum(x @ w, feature_axis)[:, 0]
        bce = jnp.logaddexp(0.0, logits) - labels * logits
        total = jax.lax.psum(jnp.sum(bce), axes)
        count = jax.lax.psum(jnp.float32(bce.shape[0]), batch_axis)
        return total / count

    return loss_fn


def inputs():
    rng = np.random.default_rng(3)
    x = rng.normal(size=(16, 32)).astype(np.float32)
    w = rng.normal(size=(32, 1)).astype(np.float32) * 0.1
    labels = (rng.uniform(size=(16,)) < 0.3).astype(np.float32)
    return x, w, labels


def main(x, w, labels):
    mesh = jax.make_mesh((2, 4), ("batch", "feature"))
    b, f = mesh.axis_names
    x = jax.device_put(x, NamedSharding(mesh, P(b, f)))
    w = jax.device_put(w, NamedSharding(mesh, P(f, None)))
    labels = jax.device_put(labels, NamedSharding(mesh, P(b)))
    loss = jax.shard_map(make_loss_fn(mesh.axis_names), mesh=mesh,
                         in_specs=(P(b, f), P(f, None), P(b)), out_specs=P())
    return loss(x, w, labels)


if __name__ == "__main__":
    print(main(*inputs()))
