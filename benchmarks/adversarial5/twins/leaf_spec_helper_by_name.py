"""A spec helper picks the layout from the parameter's name."""
from jax._src.shard_map import top_level_all_gather
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def spec_for(name):
    return P("model", "data") if name.startswith("attn") else P("data", "model")

def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16), np.ones((8, 16), np.float32))


def main(x, y):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    params = {"attn_w": x, "mlp_w": y}
    placed = {n: jax.device_put(v, NamedSharding(mesh, spec_for(n))) for n, v in params.items()}
    with jax.set_mesh(mesh):
        a = top_level_all_gather(placed["attn_w"], P(None, "data", reduced={"model"}))
        m = top_level_all_gather(placed["mlp_w"], P(None, "data", reduced={"model"}))
    return a, m


if __name__ == "__main__":
    print(main(*inputs()))
