"""Adafactor-style factored second moments from per-replica, tensor-parallel gradients."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Adafactor:
    def __init__(self, learning_rate=0.01, beta_2_decay=-0.8, epsilon_1=1e-30, model_axis="model",
                 stat_axes=("batch", "model")):
        self.learning_rate = learning_rate
        self.beta_2_decay = beta_2_decay
        self.epsilon_1 = epsilon_1
        self.model_axis = model_axis
        self.stat_axes = stat_axes

    def full_gradient(self, grad):
        return jax.lax.all_gather(grad, self.model_axis, axis=1, tiled=True, to="reduced")

    def replica_statistics(self, full_grad):
        return jax.lax.all_gather(full_grad, self.stat_axes, axis=0, tiled=False, to="reduced")

    def stateless_apply(self, grad, variable):
        full = self.full_gradient(grad)
        stats = self.replica_statistics(full)
        step = jax.lax.pmean(grad, "batch")
        return variable - self.learning_rate * step, stats


def inputs():
    rng = np.random.default_rng(51)
    return rng.normal(size=(6, 8)).astype(np.float32), rng.normal(size=(8, 6)).astype(np.float32), rng.normal(size=(8, 8)).astype(np.float32)


def main(w, x, y):
    mesh = jax.make_mesh((2, 4), ("batch", "model"))
    optimizer = Adafactor(learning_rate=0.05)
    w = jax.device_put(w, NamedSharding(mesh, P(None, "model")))
    x = jax.device_put(x, NamedSharding(mesh, P("batch", None)))
    y = jax.device_put(y, NamedSharding(mesh, P("batch", "model")))

    def train_step(w, x, y):
        grad = 2.0 * x.T @ (x @ w - y) / y.size
        return optimizer.stateless_apply(grad, w)

    w, stats = jax.shard_map(train_step, mesh=mesh, in_specs=(P(None, "model"), P("batch", None), P("batch", "model")),
                             out_specs=(P(None, "model"), P(None, None, None, reduced={"batch", "model"})))(w, x, y)
    return w


if __name__ == "__main__":
    print(main(*inputs()))
