from dataclasses import dataclass

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class TrainConfig:
    reduce_axis: str = "data"
    lr: float = 0.1


def sgd_step(w, cfg: TrainConfig):
    mesh = jax.make_mesh((2, 4), ("data", "model"))

    def body(wb):
        grad = jax.lax.pmean(wb * cfg.lr, cfg.reduce_axis)
        summed = jax.lax.all_gather(grad, cfg.reduce_axis, to="reduced")  # SF101
        return summed

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P(None, "model", reduced={cfg.reduce_axis}))(
        jax.device_put(w, NamedSharding(mesh, P("data", "model"))))
