"""Export FSDP-trained weights to the tensor-parallel serving layout, one layer at a time."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

NUM_LAYERS = 2
TRAIN_SPECS = {"wqkv": P("dp", "tp"), "wo": P("tp", "dp")}
SERVE_SPECS = {"wqkv": P(None, "tp", reduced={"dp"}), "wo": P("tp", None)}


def init_params(key):
    layers = []
    for _ in range(NUM_LAYERS):
        k1, k2, key = jax.random.split(key, 3)
        layers.append({"wqkv": 0.02 * jax.random.normal(k1, (16, 48)),
                       "wo": 0.02 * jax.random.normal(k2, (16, 16))})
    return layers


def export_for_serving(layers):
    served = []
    for layer in layers:
        served.append({name: top_level_all_gather(w, SERVE_SPECS[name]) for name, w in layer.items()})
    return served


def inputs():
    return (np.uint32(7),)


def main(seed):
    mesh = jax.make_mesh((2, 4), ("dp", "tp"))
    shardings = [{name: NamedSharding(mesh, spec) for name, spec in TRAIN_SPECS.items()}
                 for _ in range(NUM_LAYERS)]
    with jax.set_mesh(mesh):
        layers = jax.jit(init_params, out_shardings=shardings)(jax.random.key(int(seed)))
        return export_for_serving(layers)


if __name__ == "__main__":
    main(*inputs())
