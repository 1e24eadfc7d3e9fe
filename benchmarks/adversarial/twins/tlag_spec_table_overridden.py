"""A layout table whose entry for 'act' is overridden before the arrays are placed."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUT = {
    "act": P(("data", "model")),
    "weight": P("data", "model"),
}


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(act):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    layout = dict(LAYOUT)
    pass
    with jax.set_mesh(mesh):
        act = jax.device_put(act, NamedSharding(mesh, layout["act"]))
        # gather dim 1 only; 'model' on dim 0 stays
        out = top_level_all_gather(act, P("model", None, reduced={"data"}))
        return jax.reshard(out, P("model"))


if __name__ == "__main__":
    print(main(*inputs()))
