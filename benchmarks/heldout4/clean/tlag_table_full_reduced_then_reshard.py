"""Checkpoint export: parameters placed with their table spec are gathered with every axis of
the dimension marked reduced, then laid out for serving with jax.reshard."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

TRAIN_SPECS = {"embed": P(("fsdp", "tp"), None), "head": P(None, "tp")}
GATHER_SPECS = {"embed": P(None, None, reduced={"fsdp", "tp"}), "head": P(None, None, reduced={"tp"})}
SERVE_SPECS = {"embed": P("tp", None), "head": P(None, "tp")}


def inputs():
    return np.arange(16 * 4, dtype=np.float32).reshape(16, 4), np.ones((4, 8), np.float32)


def main(embed, head):
    mesh = jax.make_mesh((2, 4), ("fsdp", "tp"))
    params = {"embed": embed, "head": head}
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(v, NamedSharding(mesh, TRAIN_SPECS[k])) for k, v in params.items()}
        out = {}
        for name, arr in placed.items():
            full = top_level_all_gather(arr, GATHER_SPECS[name])
            out[name] = jax.reshard(full, SERVE_SPECS[name])
        return out


if __name__ == "__main__":
    print(main(*inputs()))
