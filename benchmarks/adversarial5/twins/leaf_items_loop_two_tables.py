"""A loop over the placement table gathers each entry with the out spec of a parallel table."""
from jax._src.shard_map import top_level_all_gather
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


SPECS = {"w": P("data", "model"), "b": P("model", "data")}
OUT = {"w": P(None, "model", reduced={"data"}), "b": P(None, "model", reduced={"data"})}

def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16), np.ones((8, 16), np.float32))


def main(w, b):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    arrays = {"w": w, "b": b}
    placed = {}
    for name, spec in SPECS.items():
        placed[name] = jax.device_put(arrays[name], NamedSharding(mesh, spec))
    out = {}
    with jax.set_mesh(mesh):
        for name in SPECS:
            out[name] = top_level_all_gather(placed[name], OUT[name])
    return out


if __name__ == "__main__":
    print(main(*inputs()))
