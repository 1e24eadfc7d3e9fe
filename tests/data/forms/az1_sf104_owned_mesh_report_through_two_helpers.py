import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import AxisType, Mesh, NamedSharding, PartitionSpec as P


def _collect(values):
    return top_level_all_gather(values, P(None, reduced={"data"}))  # SF104: after run's own mesh block


def summarize(scores, label="eval"):
    full = _collect(scores)
    return {label: full}


def run(batch):
    devices = np.array(jax.devices()).reshape(4, 2)
    mesh = Mesh(devices, ("data", "model"), axis_types=(AxisType.Explicit, AxisType.Explicit))
    with jax.set_mesh(mesh):
        batch = jax.device_put(batch, NamedSharding(mesh, P("data")))
        scores = batch.sum(axis=1, keepdims=True) * 0.5
    return summarize(scores=scores)
