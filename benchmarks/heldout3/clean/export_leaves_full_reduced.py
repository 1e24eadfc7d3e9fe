"""Checkpoint export: every leaf is gathered whole, its gathered axes listed as reduced."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

TRAIN_LAYOUT = {"embed": P(("fsdp", "tp")), "bias": P("fsdp")}
EXPORT_LAYOUT = {"embed": P(reduced={"fsdp", "tp"}), "bias": P(reduced={"fsdp"})}


def export(params, mesh):
    out = {}
    for name in sorted(params):
        leaf = jax.device_put(params[name], NamedSharding(mesh, TRAIN_LAYOUT[name]))
        out[name] = top_level_all_gather(leaf, EXPORT_LAYOUT[name])
    return out


def inputs():
    return ({"embed": np.arange(16, dtype=np.float32), "bias": np.ones((8,), np.float32)},)


def main(params):
    mesh = jax.make_mesh((2, 4), ("fsdp", "tp"))
    with jax.set_mesh(mesh):
        return export(params, mesh)


if __name__ == "__main__":
    print(main(*inputs()))
