"""PPO value loss with clipping; old values are collected from every replica for the clip window."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class ValueLossConfig:
    cliprange_value: float = 0.2
    vf_coef: float = 0.1


class ValueHead:
    def __init__(self, mesh, config):
        self.axes = mesh.axis_names
        self.config = config

    def collect(self, old_values):
        by_batch = jax.lax.all_gather(old_values, self.axes[0], axis=0, tiled=True, to="reduced")
        return jax.lax.all_gather(by_batch, self.axes, axis=1, tiled=True, to="reduced")


def inputs():
    mesh = jax.make_mesh((2, 4), ("batch", "model"))
    return mesh, jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P("batch", "model")))


def main(mesh, old_values):
    head = ValueHead(mesh, ValueLossConfig())
    fn = jax.shard_map(head.collect, mesh=mesh, in_specs=P("batch", "model"),
                       out_specs=P(None, None, reduced={"batch", "model"}))
    return fn(old_values)


if __name__ == "__main__":
    main(*inputs())
