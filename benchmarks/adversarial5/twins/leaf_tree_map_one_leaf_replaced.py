"""One leaf placed by jax.tree.map is placed again before the gather."""
from jax._src.shard_map import top_level_all_gather
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


SPECS = {"w": P("model", "data"), "b": P("data", "model")}

def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16), np.ones((8, 16), np.float32))


def main(w, b):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    params = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)), {"w": w, "b": b}, SPECS)
    params["w"] = params["w"]
    with jax.set_mesh(mesh):
        return {k: top_level_all_gather(v, P(None, "model", reduced={"data"})) for k, v in params.items()}


if __name__ == "__main__":
    print(main(*inputs()))
