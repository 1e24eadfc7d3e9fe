"""GraphCast-like encoder/decoder: grid latents gathered over channels, then read out on the mesh."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class GraphCastConfig:
    node_axis: str = "nodes"
    latent_axis: str = "latent"
    mesh_shape: tuple = (2, 4)


class Grid2Mesh:
    def __init__(self, cfg):
        self.cfg = cfg

    def latents(self, x):
        return jax.lax.all_gather(x, self.cfg.latent_axis, axis=1, tiled=True, to="reduced")


class Mesh2Grid:
    def __init__(self, cfg):
        self.cfg = cfg

    def readout(self, z):
        axes = (self.cfg.node_axis, self.cfg.latent_axis)
        return jax.lax.all_gather(z, axes, axis=0, tiled=True, to="reduced")


def inputs():
    cfg = GraphCastConfig()
    mesh = jax.make_mesh(cfg.mesh_shape, (cfg.node_axis, cfg.latent_axis))
    x = jnp.arange(16 * 8, dtype=jnp.float32).reshape(16, 8) / 100.0
    return mesh, x, cfg


def main(mesh, x, cfg=GraphCastConfig()):
    enc, dec = Grid2Mesh(cfg), Mesh2Grid(cfg)
    spec = P(cfg.node_axis, cfg.latent_axis)
    x = jax.device_put(x, NamedSharding(mesh, spec))

    def forward(block):
        return dec.readout(enc.latents(block))

    f = jax.shard_map(forward, mesh=mesh, in_specs=spec,
                      out_specs=P(None, None, reduced={cfg.node_axis, cfg.latent_axis}))
    return f(x)
