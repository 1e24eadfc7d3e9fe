"""A method of the layout object replaces its table before placement."""
from jax._src.shard_map import top_level_all_gather
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Layout:
    def __init__(self):
        self.table = {"w": P("model", "data")}

    def transpose_all(self):
        self.table = {k: P(*reversed(tuple(v))) for k, v in self.table.items()}

def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    layout = Layout()
    layout.transpose_all()
    w = jax.device_put(x, NamedSharding(mesh, layout.table["w"]))
    with jax.set_mesh(mesh):
        return top_level_all_gather(w, P(None, "model", reduced={"data"}))


if __name__ == "__main__":
    print(main(*inputs()))
