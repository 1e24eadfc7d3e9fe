import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def export(x):
    return top_level_all_gather(x, P(None, reduced={"i"}))  # none: the lazy map is consumed under the mesh


def evaluate(x):
    devices = jax.make_mesh((2, 4), ("i", "j"))
    preds = [jax.device_put(x, NamedSharding(devices, P("i")))]
    exported = map(export, preds)
    with jax.set_mesh(devices):
        return list(exported)


if __name__ == "__main__":
    import numpy as np
    evaluate(np.ones((8, 8), np.float32))
