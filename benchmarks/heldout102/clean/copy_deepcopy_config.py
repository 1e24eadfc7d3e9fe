"""Per-run config from copy.deepcopy of the base; the loss is averaged over the data axis only."""
import copy

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

BASE = {"mesh": {"shape": (4, 2), "axes": ["data", "model"]}, "reduce": {"loss": ["model"]}}


def make_config(**edits):
    cfg = copy.deepcopy(BASE)
    for path, value in edits.items():
        section, key = path.split(".")
        cfg[section][key] = value
    return cfg


def body(per_example, cfg):
    row_loss = jax.lax.psum(jnp.sum(per_example, axis=1), "model")
    return jax.lax.pmean(row_loss, tuple(cfg["reduce"]["loss"]))


def inputs():
    return (np.random.default_rng(107).normal(size=(16, 8)).astype(np.float32),)


def main(x):
    cfg = make_config(**{"reduce.loss": ["data"]})
    mesh = jax.make_mesh(cfg["mesh"]["shape"], tuple(cfg["mesh"]["axes"]))
    fn = jax.shard_map(lambda v: body(v, cfg), mesh=mesh, in_specs=P("data", "model"), out_specs=P())
    return fn(jax.device_put(x, NamedSharding(mesh, P("data", "model"))))


if __name__ == "__main__":
    main(*inputs())
