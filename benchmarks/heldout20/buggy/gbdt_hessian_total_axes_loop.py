"""Total hessian of the boosting round, summed over every mesh axis with more than one device."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class BoostConfig:
    shape: tuple = (4, 2)
    names: tuple = ("rows", "feat")

    @property
    def mesh(self):
        return jax.make_mesh(self.shape, self.names)


def logistic_hessian(margin):
    p = jax.nn.sigmoid(margin)
    return p * (1 - p)


def train_round(cfg, margin):
    mesh = cfg.mesh
    axes = []
    for name in mesh.axis_names:
        if mesh.shape[name] > 1:
            axes.append(name)

    def body(m):
        h = jnp.sum(logistic_hessian(m))
        return jax.lax.psum(h, tuple(axes))

    return jax.shard_map(body, mesh=mesh, in_specs=P("rows"), out_specs=P())(margin)


def inputs():
    cfg = BoostConfig()
    margin = jax.random.normal(jax.random.key(36), (32,))
    return (jax.device_put(margin, NamedSharding(cfg.mesh, P("rows"))),)


def main(margin):
    return train_round(BoostConfig(), margin)
