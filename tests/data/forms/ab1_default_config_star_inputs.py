"""A training script whose entry point takes its config as a default argument, called with the
batch a loader returns: `train(*load_batch())` leaves `cfg` to its default."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class TrainConfig:
    replica_axis: str = "i"
    model_axis: str = "j"
    lr: float = 0.1


def load_batch():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def train(batch, cfg=TrainConfig()):
    mesh = jax.make_mesh((2, 4), (cfg.replica_axis, cfg.model_axis))
    batch = jax.device_put(batch, NamedSharding(mesh, P(cfg.replica_axis, cfg.model_axis)))

    def step(x):
        loss = jax.lax.pmean(jnp.sum(x * x, axis=0) * cfg.lr, cfg.replica_axis)
        return jax.lax.all_gather(loss, cfg.replica_axis, tiled=True, to="reduced")  # SF101

    return jax.shard_map(step, mesh=mesh, in_specs=P(cfg.replica_axis, cfg.model_axis),
                         out_specs=P(cfg.model_axis, reduced={cfg.replica_axis}))(batch)


if __name__ == "__main__":
    print(train(*load_batch()))
