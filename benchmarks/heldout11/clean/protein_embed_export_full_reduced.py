"""Export of a protein LM embedding from a 2x2x2 topology: every axis of the dimension gathered."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("replica", "fsdp", "tp")
SPECS = {"embed": P(AXES, None), "lm_head": P(None, "tp")}


def inputs():
    return ({"embed": np.arange(64 * 8, dtype=np.float32).reshape(64, 8),
             "lm_head": np.ones((8, 64), np.float32)},)


def main(params):
    mesh = jax.make_mesh(tuple(int(d) for d in "2x2x2".split("x")), AXES)
    placed = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)), params, SPECS)
    with jax.set_mesh(mesh):
        full = top_level_all_gather(placed["embed"], P(None, None, reduced=set(AXES)))
        return jax.reshard(full, P("replica", None))


if __name__ == "__main__":
    print(main(*inputs()).sharding)
