"""Fit a small tensor-parallel model for a few steps, then save its weights to host arrays."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

VARIABLE_LAYOUTS = {"dense/kernel": P(None, "model"), "dense/bias": P("model")}


class Model:
    def __init__(self, mesh, learning_rate=0.1):
        self.mesh = mesh
        self.learning_rate = learning_rate

    def build(self, params):
        self.variables = {k: jax.device_put(v, NamedSharding(self.mesh, VARIABLE_LAYOUTS[k]))
                          for k, v in params.items()}

    def train_step(self, kernel, bias, x, y):
        def loss_fn(kernel, bias):
            out = x @ kernel + bias
            return jax.lax.psum(jnp.sum((out - y) ** 2), "model")
        gk, gb = jax.grad(loss_fn, argnums=(0, 1))(kernel, bias)
        gk, gb = jax.lax.pmean(gk, "data"), jax.lax.pmean(gb, "data")
        return kernel - self.learning_rate * gk, bias - self.learning_rate * gb

    def fit(self, x, y, steps=2):
        step = jax.jit(jax.shard_map(
            self.train_step, mesh=self.mesh,
            in_specs=(P(None, "model"), P("model"), P("data", None), P("data", "model")),
            out_specs=(P(None, "model"), P("model"))))
        kernel, bias = self.variables["dense/kernel"], self.variables["dense/bias"]
        for _ in range(steps):
            kernel, bias = step(kernel, bias, x, y)
        self.variables = {"dense/kernel": kernel, "dense/bias": bias}

    def get_weights(self):
        with jax.set_mesh(self.mesh):
            return [top_level_all_gather(v, P(*([None] * v.ndim), reduced={"model"}))
                    for v in self.variables.values()]


def inputs():
    rng = np.random.default_rng(7)
    params = {"dense/kernel": rng.normal(size=(6, 8)).astype(np.float32) * 0.1,
              "dense/bias": np.zeros(8, np.float32)}
    return params, rng.normal(size=(16, 6)).astype(np.float32), rng.normal(size=(16, 8)).astype(np.float32)


def main(params, x, y):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    model = Model(mesh, learning_rate=0.01)
    model.build(params)
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    y = jax.device_put(y, NamedSharding(mesh, P("data", "model")))
    model.fit(x, y)
    weights = model.get_weights()
    return weights[0]


if __name__ == "__main__":
    print(main(*inputs()))
