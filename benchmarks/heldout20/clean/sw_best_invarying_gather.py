"""Banded local alignment: best score of each read, replicated over the bands."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class AlignConfig:
    read_axis: str = "reads"
    band_axis: str = "band"
    gap: float = 1.0


def local_scores(sub, gap):
    def step(h, s):
        h = jnp.maximum(0.0, h + s - gap)
        return h, h
    _, hs = jax.lax.scan(step, jnp.zeros_like(sub[:, 0]), sub.T)
    return hs.T


def make_mesh(cfg):
    return jax.make_mesh((4, 2), (cfg.read_axis, cfg.band_axis))


def inputs():
    cfg = AlignConfig()
    sub = jax.random.normal(jax.random.key(0), (16, 32))
    return (jax.device_put(sub, NamedSharding(make_mesh(cfg), P(cfg.read_axis, cfg.band_axis))),)


def main(sub, cfg=AlignConfig()):
    mesh = make_mesh(cfg)

    def body(block):
        hs = local_scores(block, cfg.gap)
        best = jax.lax.pmax(hs.max(axis=1), cfg.band_axis)
        return jax.lax.all_gather(best, cfg.band_axis, to="invarying")

    return jax.shard_map(body, mesh=mesh, in_specs=P(cfg.read_axis, cfg.band_axis),
                         out_specs=P(None, cfg.read_axis))(sub)


if __name__ == "__main__":
    print(main(*inputs()))
