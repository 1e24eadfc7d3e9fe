import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def main(mesh, x):
    def summarize(preds):
        full = top_level_all_gather(preds, P(None, reduced={"i"}))  # SF104: no context mesh on the way
        return {"mean": float(np.asarray(full).mean())}

    with jax.set_mesh(mesh):
        preds = jax.device_put(x, NamedSharding(mesh, P("i"))) * 2.0
    return summarize(preds)


if __name__ == "__main__":
    print(main(jax.make_mesh((2, 4), ("i", "j")), np.ones((8, 8), np.float32)))
