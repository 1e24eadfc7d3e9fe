import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

TRAIN_LAYOUT = {"thresholds": P("workers", None), "leaves": P("workers", None)}
DUMP_LAYOUT = {"thresholds": P(None, None, reduced={"workers"}), "leaves": P(None, None)}


def inputs():
    rng = np.random.default_rng(35)
    return (
        {"thresholds": rng.normal(size=(8, 4)).astype(np.float32),
         "leaves": rng.normal(size=(8, 8)).astype(np.float32)},
    )


def place(mesh, ensemble):
    return {k: jax.device_put(v, NamedSharding(mesh, TRAIN_LAYOUT[k])) for k, v in ensemble.items()}


def dump_model(ensemble):
    out = {}
    for name, arr in ensemble.items():
        out[name] = top_level_all_gather(arr, DUMP_LAYOUT[name])
    return out


def main(ensemble):
    mesh = jax.make_mesh((2, 4), ("workers", "features"))
    trees = place(mesh, ensemble)
    with jax.set_mesh(mesh):
        dumped = dump_model(trees)
    return {k: np.asarray(v) for k, v in dumped.items()}


if __name__ == "__main__":
    main(*inputs())
