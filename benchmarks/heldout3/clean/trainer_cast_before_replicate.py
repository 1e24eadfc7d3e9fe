"""A config-driven trainer that casts the summed gradient back to varying before replicating it."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class Config:
    data_axis: str = "data"
    tensor_axis: str = "tensor"
    mesh_shape: tuple = (2, 4)


class Trainer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.mesh = jax.make_mesh(cfg.mesh_shape, (cfg.data_axis, cfg.tensor_axis))

    def _body(self, w, batch):
        g = jax.grad(lambda w: jnp.sum((batch @ w) ** 2))(w)
        g = lax.psum(g, self.cfg.data_axis)
        g = lax.pcast(g, self.cfg.data_axis, to="varying")
        return lax.all_gather(g, self.cfg.data_axis, to="reduced", tiled=True)

    def step(self, w, batch):
        cfg = self.cfg
        return jax.shard_map(self._body, mesh=self.mesh,
                             in_specs=(P(None, cfg.tensor_axis), P(cfg.data_axis)),
                             out_specs=P(None, cfg.tensor_axis, reduced={cfg.data_axis}))(w, batch)


def inputs():
    return np.ones((8, 8), np.float32) / 8, np.arange(128, dtype=np.float32).reshape(16, 8) / 128


def main(w, batch):
    t = Trainer(Config())
    w = jax.device_put(w, NamedSharding(t.mesh, P(None, "tensor")))
    batch = jax.device_put(batch, NamedSharding(t.mesh, P("data")))
    return t.step(w, batch)


if __name__ == "__main__":
    print(main(*inputs()))
