"""A model with a row-parallel head whose compute_loss follows the compiled loss reduction."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

REDUCTIONS = {
    "sum": lambda values, axes: jax.lax.psum(values.sum(), axes),
    "sum_over_batch_size": lambda values, axes: jax.lax.pmean(values.mean(), axes),
}


class DataParallel:
    def __init__(self, mesh):
        self.mesh = mesh
        self.batch_dim_name = mesh.axis_names[0]

    @property
    def reduce_axes(self):
        return self.mesh.axis_names


class Model:
    def __init__(self, distribution):
        self.distribution = distribution

    def compile(self, loss="mean_squared_error", reduction="sum_over_batch_size", learning_rate=0.1):
        self.loss = loss
        self.reduction = reduction
        self.learning_rate = learning_rate

    def call(self, kernel, x):
        return jax.lax.psum(x @ kernel, "model")

    def compute_loss(self, kernel, x, y):
        per_sample = jnp.mean((self.call(kernel, x) - y) ** 2, axis=-1)
        reduce = REDUCTIONS[self.reduction]
        return reduce(per_sample, self.distribution.reduce_axes)

    def train_step(self, kernel, x, y):
        loss, grad = jax.value_and_grad(self.compute_loss)(kernel, x, y)
        return kernel - self.learning_rate * grad, loss


def inputs():
    rng = np.random.default_rng(8)
    return (rng.normal(size=(8, 4)).astype(np.float32) * 0.1, rng.normal(size=(16, 8)).astype(np.float32),
            rng.normal(size=(16, 4)).astype(np.float32))


def main(kernel, x, y):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    model = Model(DataParallel(mesh))
    model.compile(learning_rate=0.05)
    kernel = jax.device_put(kernel, NamedSharding(mesh, P("model", None)))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    y = jax.device_put(y, NamedSharding(mesh, P("data", None)))
    step = jax.jit(jax.shard_map(model.train_step, mesh=mesh,
                                 in_specs=(P("model", None), P("data", "model"), P("data", None)),
                                 out_specs=(P("model", None), P())))
    kernel, loss = step(kernel, x, y)
    return loss


if __name__ == "__main__":
    print(main(*inputs()))
