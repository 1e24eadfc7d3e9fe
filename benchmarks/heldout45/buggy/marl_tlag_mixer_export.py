"""QMIX checkpoint export: mixer parameters placed per agent shard, gathered for evaluation."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class MixerParams(NamedTuple):
    hyper_w: object
    hyper_b: object


TRAIN_LAYOUT = MixerParams(hyper_w=P("agent", "env"), hyper_b=P("agent"))
EVAL_LAYOUT = MixerParams(hyper_w=P(None, "env"), hyper_b=P(None, reduced={"agent"}))


def init_params(mesh, rng):
    raw = MixerParams(rng.normal(size=(8, 6)).astype(np.float32), np.zeros((8,), np.float32))
    return MixerParams(*(jax.device_put(p, NamedSharding(mesh, s)) for p, s in zip(raw, TRAIN_LAYOUT)))


def export(params):
    return MixerParams(*(top_level_all_gather(p, s) for p, s in zip(params, EVAL_LAYOUT)))


def inputs():
    return (np.random.default_rng(26),)


def main(rng):
    mesh = jax.make_mesh((4, 2), ("agent", "env"))
    params = init_params(mesh, rng)
    with jax.set_mesh(mesh):
        return export(params)


if __name__ == "__main__":
    main(*inputs())
