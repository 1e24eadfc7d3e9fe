"""A Model subclass with a custom train_step that logs the loss seen by every replica."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Model:
    def __init__(self, data_axis="data"):
        self.data_axis = data_axis
        self.compiled = False

    def compile(self, learning_rate=0.1, log_per_replica=True):
        self.learning_rate = learning_rate
        self.log_per_replica = log_per_replica
        self.compiled = True

    def call(self, params, x):
        return jnp.tanh(x @ params["w"] + params["b"])

    def compute_loss(self, params, x, y):
        y_pred = self.call(params, x)
        return jnp.mean((y_pred - y) ** 2)

    def train_step(self, params, x, y):
        loss, grads = jax.value_and_grad(self.compute_loss)(params, x, y)
        logs = {}
        if self.log_per_replica:
            logs["replica_loss"] = self._per_replica(loss)
        logs["loss"] = jax.lax.pmean(loss, self.data_axis)
        params = jax.tree.map(lambda p, g: p - self.learning_rate * g, params, grads)
        return params, logs

    def _per_replica(self, value):
        return jax.lax.all_gather(value, self.data_axis, to="reduced")


def inputs():
    rng = np.random.default_rng(4)
    x = rng.normal(size=(16, 6)).astype(np.float32)
    y = rng.normal(size=(16, 3)).astype(np.float32)
    params = {"w": rng.normal(size=(6, 3)).astype(np.float32) * 0.1, "b": np.zeros(3, np.float32)}
    return params, x, y


def main(params, x, y):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    model = Model()
    model.compile(learning_rate=0.05)
    params = jax.device_put(params, NamedSharding(mesh, P()))
    x = jax.device_put(x, NamedSharding(mesh, P("data")))
    y = jax.device_put(y, NamedSharding(mesh, P("data")))
    step = jax.jit(jax.shard_map(
        model.train_step, mesh=mesh, in_specs=(P(), P("data"), P("data")),
        out_specs=(P(), {"loss": P(), "replica_loss": P(None, reduced={"data"})})))
    for _ in range(2):
        params, logs = step(params, x, y)
    return params["w"]


if __name__ == "__main__":
    print(main(*inputs()))
