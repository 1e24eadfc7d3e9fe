from typing import NamedTuple

import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Batch(NamedTuple):
    inputs: jax.Array
    labels: jax.Array


class ShardedLoader:
    def __init__(self, mesh, data, spec=P(("i", "j"), None)):
        self.sharding = NamedSharding(mesh, spec)
        self.data = data

    def __iter__(self):
        for start in range(0, self.data.shape[0], 8):
            chunk = self.data[start:start + 8]
            yield {"x": jax.make_array_from_process_local_data(self.sharding, chunk), "step": start}


def batches(mesh, data):
    sharding = NamedSharding(mesh, P(None, "j"))
    for _ in range(2):
        yield Batch(inputs=jax.device_put(data, sharding), labels=jax.device_put(data, sharding))


def shards(mesh, arrays):
    sharding = NamedSharding(mesh, P(None, ("j", "i")))
    while True:
        yield {name: jax.device_put(a, sharding) for name, a in arrays.items()}


def report(step, features):
    del step
    return top_level_all_gather(features["a"], P(None, "i", reduced={"j"}))  # SF104


def log_inputs(batch):
    return top_level_all_gather(batch["x"], P("j", None, reduced={"i"}))  # SF104


def log_labels(batch):
    return top_level_all_gather(batch.labels, P(None, None))  # SF104


def run(mesh, x):
    seen = []
    with jax.set_mesh(mesh):
        for batch in ShardedLoader(mesh, x):
            seen.append(log_inputs(batch))
        for pair in batches(mesh, x):
            seen.append(log_labels(pair))
        for step, feats in enumerate(shards(mesh, {"a": x, "b": x})):
            seen.append(report(step, feats))
            if step == 1:
                break
    return seen
