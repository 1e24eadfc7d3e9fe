"""The jit's out_shardings come from a table whose "w" entry is replaced by rows before the jit is made."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

OUT = {"w": P(("i", "j"), None)}


def main(mesh, x):
    OUT["w"] = P("i", None)
    with jax.set_mesh(mesh):
        init = jax.jit(lambda v: v * 2, out_shardings=NamedSharding(mesh, OUT["w"]))
        a = init(x)
        return top_level_all_gather(a, P(None, None, reduced={"i"}))


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, np.arange(64, dtype=np.float32).reshape(8, 8)


if __name__ == "__main__":
    main(*inputs())
