"""Export of a protein LM's embedding from a 2x2x2 slice described by a topology string."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

TOPOLOGY = "2x2x2"
AXES = ("replica", "fsdp", "tp")
SPECS = {"embed": P(AXES, None), "lm_head": P(None, "tp")}


def mesh_from_topology(topology, names=AXES):
    shape = tuple(int(d) for d in topology.split("x"))
    return jax.make_mesh(shape, names)


def export_embedding(placed):
    return top_level_all_gather(placed["embed"], P("replica", None, reduced={"fsdp", "tp"}))


def inputs():
    return ({"embed": np.arange(64 * 8, dtype=np.float32).reshape(64, 8),
             "lm_head": np.ones((8, 64), np.float32)},)


def main(params):
    mesh = mesh_from_topology(TOPOLOGY)
    placed = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)), params, SPECS)
    with jax.set_mesh(mesh):
        return export_embedding(placed)


if __name__ == "__main__":
    print(main(*inputs()).sharding)
