import os

import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def shard_rows(mesh, x):
    return jax.device_put(x, NamedSharding(mesh, P(os.environ.get("ROW_AXIS", "i"))))


def summarize(preds):
    return top_level_all_gather(preds, P(None, reduced={"i"}))  # none: a library; its callers set the mesh


def check_rows(mesh, x):
    return summarize(shard_rows(mesh, x))
