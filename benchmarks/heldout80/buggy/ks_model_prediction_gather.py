"""A tensor-parallel classifier whose predict_step collects predictions from every device."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ModelParallel:
    def __init__(self, mesh, batch_dim_name="data"):
        self.mesh = mesh
        self.batch_dim_name = batch_dim_name

    @property
    def model_dim_name(self):
        return [a for a in self.mesh.axis_names if a != self.batch_dim_name][0]

    @property
    def all_axes(self):
        return tuple(self.mesh.axis_names)


class Classifier:
    def __init__(self, distribution, gather_outputs=True):
        self.distribution = distribution
        self.gather_outputs = gather_outputs

    def call(self, kernel, x):
        logits = x @ kernel
        if self.gather_outputs:
            logits = jax.lax.all_gather(logits, self.distribution.model_dim_name, axis=1, tiled=True, to="reduced")
        return logits

    def predict_step(self, kernel, x):
        y_pred = self.call(kernel, x)
        return self._collect(y_pred)

    def _collect(self, y_pred):
        return jax.lax.all_gather(y_pred, self.distribution.all_axes, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(5)
    return rng.normal(size=(6, 8)).astype(np.float32), rng.normal(size=(16, 6)).astype(np.float32)


def main(kernel, x):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    model = Classifier(ModelParallel(mesh))
    kernel = jax.device_put(kernel, NamedSharding(mesh, P(None, "model")))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    predict = jax.shard_map(model.predict_step, mesh=mesh, in_specs=(P(None, "model"), P("data", None)),
                            out_specs=P(None, None, reduced={"data", "model"}))
    return predict(kernel, x)


if __name__ == "__main__":
    print(main(*inputs()))
