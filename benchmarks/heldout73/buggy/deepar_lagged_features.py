"""DeepAR-style network: lagged context windows assembled from time-sharded past targets."""
import dataclasses

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LAGS_SEQ = (1, 2, 3, 7)


@dataclasses.dataclass(frozen=True)
class TrainerConfig:
    mesh_shape: tuple = (2, 4)
    mesh_axes: tuple = ("data", "model")


class DeepARNetwork:
    def __init__(self, mesh, context_length, lags_seq=LAGS_SEQ):
        self.context_length = context_length
        self.lags_seq = lags_seq
        self.batch_axis, self.time_axis = mesh.axis_names
        self.lag_axes = tuple(mesh.axis_names)

    def context_window(self, past_target):
        return jax.lax.all_gather(past_target, self.time_axis, axis=1, tiled=True, to="reduced")

    def lagged_inputs(self, past_target):
        window = self.context_window(past_target)
        recent = window[:, -self.context_length:]
        return jax.lax.all_gather(recent, self.lag_axes, axis=0, tiled=True, to="reduced")

    def __call__(self, past_target):
        return self.lagged_inputs(past_target)


def inputs():
    rng = np.random.default_rng(1)
    return (rng.normal(size=(8, 16)).cumsum(axis=1).astype(np.float32),)


def main(past_target):
    cfg = TrainerConfig()
    mesh = jax.make_mesh(cfg.mesh_shape, cfg.mesh_axes)
    network = DeepARNetwork(mesh, context_length=8)
    spec = P(*cfg.mesh_axes)
    past_target = jax.device_put(past_target, NamedSharding(mesh, spec))
    step = jax.shard_map(network, mesh=mesh, in_specs=spec,
                         out_specs=P(None, None, reduced=set(cfg.mesh_axes)))
    return step(past_target)


if __name__ == "__main__":
    print(main(*inputs()))
