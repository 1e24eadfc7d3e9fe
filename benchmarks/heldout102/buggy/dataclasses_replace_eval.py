"""Eval config derived from the train config with dataclasses.replace (different gather axes)."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class GatherConfig:
    first: str = "model"
    then: tuple = ("data",)
    axis: int = 0


TRAIN = GatherConfig()
EVAL = dataclasses.replace(TRAIN, then=("data", "model"))


def collect(logits, cfg):
    full = jax.lax.all_gather(logits, cfg.first, axis=1, tiled=True, to="reduced")
    return jax.lax.all_gather(full, cfg.then, axis=cfg.axis, tiled=True, to="reduced")


def inputs():
    return (np.random.default_rng(17).normal(size=(16, 8)).astype(np.float32),)


def main(logits):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    fn = jax.shard_map(lambda x: collect(x, EVAL), mesh=mesh, in_specs=P("data", "model"),
                       out_specs=P(None, None, reduced={"data", "model"}))
    return fn(jax.device_put(logits, NamedSharding(mesh, P("data", "model"))))


if __name__ == "__main__":
    main(*inputs())
