"""Direct-summation gravity: every slab needs the positions of every other tile."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_PART = 32


@dataclasses.dataclass(frozen=True)
class ForceConfig:
    softening: float = 0.05
    tile_axis: str = "pencil"
    gather_axes: tuple = ("slab", "pencil")


def make_tile_body(cfg):
    def body(pos):
        tile = jax.lax.all_gather(pos, cfg.tile_axis, axis=1, tiled=True, to="reduced")
        sources = jax.lax.all_gather(tile, cfg.gather_axes, axis=0, tiled=True, to="reduced")
        return sources
    return body


def softened_potential(sources, eps):
    r2 = jnp.sum(sources ** 2, axis=-1)
    return -1.0 / jnp.sqrt(r2 + eps ** 2)


def inputs():
    rng = np.random.default_rng(1)
    return (rng.normal(size=(N_PART, 8)).astype(np.float32),)


def main(pos):
    cfg = ForceConfig()
    mesh = jax.make_mesh((2, 4), ("slab", "pencil"))
    pos = jax.device_put(pos, NamedSharding(mesh, P("slab", "pencil")))
    gather = jax.shard_map(make_tile_body(cfg), mesh=mesh, in_specs=P("slab", "pencil"),
                           out_specs=P(None, None, reduced={"slab", "pencil"}))
    return gather(pos)


if __name__ == "__main__":
    main(*inputs())
