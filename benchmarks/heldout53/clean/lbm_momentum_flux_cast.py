"""Lattice Boltzmann drag: the per-row exchange cast to varying before the lattice-wide sum."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CX = np.array([0, 1, 0, -1, 0, 1, -1, -1, 1], np.float32)


@dataclasses.dataclass
class ObstacleConfig:
    stream_axis: str = "sx"
    span_axis: str = "sy"

    @property
    def lattice_axes(self):
        return (self.stream_axis, self.span_axis)


def momentum_exchange(f, solid, cfg):
    exchange = 2.0 * (CX[:, None, None] * f).sum(axis=0) * solid
    drag = jax.lax.psum(exchange.sum(), cfg.stream_axis)
    drag = jax.lax.pcast(drag, cfg.stream_axis, to="varying")
    return jax.lax.psum(drag, cfg.lattice_axes) / 2.0


def inputs():
    rng = np.random.default_rng(11)
    f = rng.uniform(0.05, 0.15, size=(9, 8, 16)).astype(np.float32)
    solid = np.zeros((8, 16), np.float32)
    solid[3:5, 6:10] = 1.0
    return f, solid


def main(f, solid):
    cfg = ObstacleConfig()
    mesh = jax.make_mesh((2, 4), cfg.lattice_axes)
    f = jax.device_put(f, NamedSharding(mesh, P(None, "sx", "sy")))
    solid = jax.device_put(solid, NamedSharding(mesh, P("sx", "sy")))
    body = lambda f, s: momentum_exchange(f, s, cfg)
    return jax.shard_map(body, mesh=mesh, in_specs=(P(None, "sx", "sy"), P("sx", "sy")),
                         out_specs=P())(f, solid)


if __name__ == "__main__":
    main(*inputs())
