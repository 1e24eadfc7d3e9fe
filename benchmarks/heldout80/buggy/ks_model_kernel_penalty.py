"""A model whose compute_loss adds a kernel penalty computed on the gathered kernel."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Model:
    def __init__(self, units, data_axis="data", model_axis="model", penalty=1e-3):
        self.units = units
        self.data_axis = data_axis
        self.model_axis = model_axis
        self.penalty = penalty
        self.losses = []

    def call(self, kernel, x):
        full_kernel = jax.lax.all_gather(kernel, self.model_axis, axis=1, tiled=True, to="reduced")
        self.losses = [jnp.abs(full_kernel).sum()]
        return jax.lax.psum(x @ kernel, self.model_axis)

    def compute_loss(self, kernel, x, y):
        y_pred = self.call(kernel, x)
        loss = jnp.mean((y_pred - y) ** 2)
        for extra in self.losses:
            loss = loss + self.penalty * jax.lax.psum(extra, self.model_axis)
        return loss

    def test_step(self, kernel, x, y):
        loss = self.compute_loss(kernel, x, y)
        return {"loss": jax.lax.pmean(loss, self.data_axis)}


def inputs():
    rng = np.random.default_rng(6)
    return (rng.normal(size=(8, 6)).astype(np.float32), rng.normal(size=(16, 8)).astype(np.float32),
            rng.normal(size=(16, 6)).astype(np.float32))


def main(kernel, x, y):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    model = Model(units=6)
    kernel = jax.device_put(kernel, NamedSharding(mesh, P("model", None)))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    y = jax.device_put(y, NamedSharding(mesh, P("data", None)))
    evaluate = jax.shard_map(model.test_step, mesh=mesh,
                             in_specs=(P("model", None), P("data", "model"), P("data", None)),
                             out_specs={"loss": P()})
    return evaluate(kernel, x, y)["loss"]


if __name__ == "__main__":
    print(main(*inputs()))
