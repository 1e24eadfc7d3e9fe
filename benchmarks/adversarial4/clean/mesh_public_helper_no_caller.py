"""Library module: export_for_serving is called by the serving package (under its mesh), not here."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


def export_for_serving(params):
    """Call with the serving mesh current (`with jax.set_mesh(mesh):`)."""
    return {k: top_level_all_gather(v, P(None, "model", reduced={"data"})) for k, v in params.items()}


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def train(params, mesh):
    with jax.set_mesh(mesh):
        return {k: v * 0.99 for k, v in params.items()}


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    params = {"w": jax.device_put(x, NamedSharding(mesh, P("data", "model")))}
    params = train(params, mesh)
    return params["w"]


if __name__ == "__main__":
    print(main(*inputs()))
