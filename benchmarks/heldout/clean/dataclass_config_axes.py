import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class MeshConfig:
    data_axis: str = 'data'
    model_axis: str = 'model'


def make_loss(mesh, cfg):
    def loss(x):
        local = jnp.sum(x ** 2)
        return jax.lax.psum(local, (cfg.data_axis, cfg.model_axis))

    spec = P(cfg.data_axis, cfg.model_axis)
    return jax.shard_map(loss, mesh=mesh, in_specs=spec, out_specs=P())


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8) / 8.0,)


def main(x):
    cfg = MeshConfig()
    mesh = jax.make_mesh((2, 4), (cfg.data_axis, cfg.model_axis))
    x = jax.device_put(x, NamedSharding(mesh, P(cfg.data_axis, cfg.model_axis)))
    return make_loss(mesh, cfg)(x)


if __name__ == "__main__":
    print(main(*inputs()))
