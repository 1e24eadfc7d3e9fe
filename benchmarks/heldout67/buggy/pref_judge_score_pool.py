"""RLAIF: judge scores for preference pairs are pooled across heads of the judge ensemble."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class JudgeConfig:
    axes: tuple = ("pair", "head")
    temperature: float = 1.0


def pool_scores(scores, cfg):
    pair_axis, head_axis = cfg.axes
    pooled = jax.lax.psum(scores, head_axis) / cfg.temperature
    return jax.lax.all_gather(pooled, head_axis, axis=1, tiled=True, to="reduced")


def inputs():
    mesh = jax.make_mesh((2, 4), ("pair", "head"))
    return mesh, jax.device_put(jnp.ones((6, 8)), NamedSharding(mesh, P("pair", "head")))


def main(mesh, scores):
    cfg = JudgeConfig()
    fn = jax.shard_map(lambda s: pool_scores(s, cfg), mesh=mesh, in_specs=P(*cfg.axes),
                       out_specs=P("pair", None, reduced={"head"}))
    return fn(scores)


if __name__ == "__main__":
    main(*inputs())
