"""DP-SGD per-example clipping: per-example gradient norms from a feature-sharded linear model."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def example_loss(w, x, y):
    return 0.5 * (jnp.dot(x, w) - y) ** 2


per_example_grads = jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))


class PerExampleClipper:
    def __init__(self, max_grad_norm=1.0, batch_axis="batch", feature_axis="feature"):
        self.max_grad_norm = max_grad_norm
        self.batch_axis = batch_axis
        self.feature_axis = feature_axis

    def norms(self, grads):
        sq = jax.lax.psum(jnp.sum(grads * grads, axis=1), self.feature_axis)
        return jax.lax.all_gather(sq, self.feature_axis, to="reduced")

    def __call__(self, w, x, y):
        return self.norms(per_example_grads(w, x, y))


def inputs():
    rng = np.random.default_rng(6)
    w = rng.normal(size=(16,)).astype(np.float32)
    x = rng.normal(size=(8, 16)).astype(np.float32)
    y = rng.normal(size=(8,)).astype(np.float32)
    return w, x, y


def main(w, x, y):
    clipper = PerExampleClipper()
    b, f = clipper.batch_axis, clipper.feature_axis
    mesh = jax.make_mesh((4, 2), (b, f))
    w = jax.device_put(w, NamedSharding(mesh, P(f)))
    x = jax.device_put(x, NamedSharding(mesh, P(b, f)))
    y = jax.device_put(y, NamedSharding(mesh, P(b)))
    fn = jax.shard_map(clipper, mesh=mesh, in_specs=(P(f), P(b, f), P(b)), out_specs=P(None, b, reduced={f}))
    return fn(w, x, y)


if __name__ == "__main__":
    main(*inputs())
