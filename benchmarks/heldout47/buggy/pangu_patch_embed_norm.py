"""Patch embedding of a Pangu-like Earth transformer with longitude-sharded tokens."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class PanguConfig:
    embed_dim: int = 8
    eps: float = 1e-5
    batch_axis: str = "batch"
    lon_axis: str = "lon"


class PatchEmbed:
    def __init__(self, cfg: PanguConfig):
        self.cfg = cfg

    def zonal_moments(self, tokens):
        n = tokens.shape[1] * jax.lax.axis_size(self.cfg.lon_axis)
        mean = jax.lax.psum(tokens.sum(axis=1), self.cfg.lon_axis) / n
        sq = jax.lax.psum((tokens ** 2).sum(axis=1), self.cfg.lon_axis) / n
        return mean, sq - mean ** 2

    def normalise(self, tokens, eps):
        mean, var = self.zonal_moments(tokens)
        normed = (tokens - mean[:, None, :]) / jnp.sqrt(var[:, None, :] + eps)
        logged = jax.lax.all_gather(mean, self.cfg.lon_axis, axis=0, to="reduced")
        return normed, logged


def inputs():
    rng = np.random.default_rng(3)
    return (rng.standard_normal((4, 16, 8)).astype(np.float32),)


def main(tokens):
    cfg = PanguConfig()
    mesh = jax.make_mesh((2, 4), (cfg.batch_axis, cfg.lon_axis))
    embed = PatchEmbed(cfg)
    tokens = jax.device_put(tokens, NamedSharding(mesh, P("batch", "lon", None)))
    fn = jax.shard_map(
        functools.partial(embed.normalise, eps=cfg.eps), mesh=mesh,
        in_specs=P("batch", "lon", None),
        out_specs=(P("batch", "lon", None), P(None, "batch", None, reduced={"lon"})),
    )
    return fn(tokens)


if __name__ == "__main__":
    main(*inputs())
