import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = {"w": P("i", "j"), "b": P("j")}
OUT = {"w": P(None, "j", reduced={"i"}), "b": P(None, reduced={"j"})}


def gather(value, name, mesh):
    return top_level_all_gather(value, NamedSharding(mesh, OUT[name]))


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    raw = {"w": np.ones((8, 8), np.float32), "b": np.ones((8,), np.float32)}
    with jax.set_mesh(mesh):
        params = {k: jax.device_put(v, NamedSharding(mesh, SPECS[k])) for k, v in raw.items()}
    pending = (gather(v, k, mesh) for k, v in params.items())
    with jax.set_mesh(mesh):
        return list(pending)


if __name__ == "__main__":
    main()
