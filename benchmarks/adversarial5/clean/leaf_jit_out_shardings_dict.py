"""A jit's out_shardings dict places each output; each gathered by its own layout."""
from jax._src.shard_map import top_level_all_gather
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16), np.ones((8, 16), np.float32))


def main(w, b):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    step = jax.jit(lambda p: {"w": p["w"] * 2, "b": p["b"] + 1},
                   out_shardings={"w": NamedSharding(mesh, P("data", "model")),
                                  "b": NamedSharding(mesh, P("model", "data"))})
    out = step({"w": w, "b": b})
    with jax.set_mesh(mesh):
        gw = top_level_all_gather(out["w"], P(None, "model", reduced={"data"}))
        gb = top_level_all_gather(out["b"], P(None, "data", reduced={"model"}))
    return gw, gb


if __name__ == "__main__":
    print(main(*inputs()))
