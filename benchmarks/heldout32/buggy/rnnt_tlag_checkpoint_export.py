"""Checkpoint export for the streaming ASR server: the prediction-network embedding is gathered."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

EXPORT = {"train_layout": ("data", "model"), "serve_layout": (None, None)}


def build_init(mesh):
    sharding = NamedSharding(mesh, P(*EXPORT["train_layout"]))

    @jax.jit
    def _init(table):
        return jnp.asarray(table) * 0.02

    return jax.jit(_init, out_shardings=sharding)


def export_embedding(params):
    return top_level_all_gather(params["pred_net"]["embedding"], P(*EXPORT["serve_layout"]))


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(16, 8),)


def main(table):
    mesh = jax.make_mesh((2, 4), EXPORT["train_layout"])
    init = build_init(mesh)
    params = {"pred_net": {"embedding": init(table)}}
    with jax.set_mesh(mesh):
        return export_embedding(params)


if __name__ == "__main__":
    print(main(*inputs()))
