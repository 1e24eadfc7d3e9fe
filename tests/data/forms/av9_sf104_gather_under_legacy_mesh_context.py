import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def export(x):
    return top_level_all_gather(x, P(None, reduced={"i"}))  # SF104: no context mesh on the way


def evaluate(x):
    devices = jax.make_mesh((2, 4), ("i", "j"))
    with jax.set_mesh(devices):
        preds = [jax.device_put(x, NamedSharding(devices, P("i")))]
    with devices:  # the deprecated Mesh context sets no context mesh
        return list(map(export, preds))


if __name__ == "__main__":
    evaluate(np.ones((8, 8), np.float32))
