import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

EXPORT = {"spec": P(None, "j", reduced={"i"})}


def batches(mesh, data, batch_size):
    for start in range(0, data.shape[0], batch_size):
        yield jax.device_put(data[start:start + batch_size], NamedSharding(mesh, P("i", "j")))
    EXPORT["spec"] = P("j", None, reduced={"i"})


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    data = np.ones((16, 8), np.float32)
    out = []
    with jax.set_mesh(mesh):
        for batch in batches(mesh, data, 8):
            out.append(top_level_all_gather(batch, EXPORT["spec"]))
        return out, top_level_all_gather(batch, EXPORT["spec"])  # SF104


if __name__ == "__main__":
    main()
