"""DeepAR-style estimator: per-shard mean-absolute target scales collected into one table."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class TrainerConfig:
    epochs: int = 1
    learning_rate: float = 1e-3
    batch_axis: str = "data"
    model_axis: str = "model"
    mesh_shape: tuple = (2, 4)


class DeepAREstimator:
    def __init__(self, freq, prediction_length, context_length=None, trainer=TrainerConfig()):
        self.freq = freq
        self.prediction_length = prediction_length
        self.context_length = context_length or 2 * prediction_length
        self.trainer = trainer

    def create_mesh(self):
        t = self.trainer
        return jax.make_mesh(t.mesh_shape, (t.batch_axis, t.model_axis))

    def scale_table_fn(self):
        batch = self.trainer.batch_axis
        minimum_scale = 1e-10

        def scale_table(past_target):
            observed = jnp.abs(past_target).sum(axis=0, keepdims=True)
            scale = observed / past_target.shape[0]
            scale = jnp.maximum(scale, minimum_scale)
            return jax.lax.all_gather(scale, batch, axis=0, tiled=True, to="reduced")

        return scale_table

    def train(self, past_target):
        mesh = self.create_mesh()
        t = self.trainer
        spec = P(t.batch_axis, t.model_axis)
        past_target = jax.device_put(past_target, NamedSharding(mesh, spec))
        fn = jax.shard_map(self.scale_table_fn(), mesh=mesh, in_specs=spec,
                           out_specs=P(None, t.model_axis, reduced={t.batch_axis}))
        return fn(past_target)


def inputs():
    rng = np.random.default_rng(0)
    return (rng.gamma(2.0, 3.0, size=(8, 16)).astype(np.float32),)


def main(past_target):
    estimator = DeepAREstimator(freq="H", prediction_length=4)
    return estimator.train(past_target)


if __name__ == "__main__":
    print(main(*inputs()))
