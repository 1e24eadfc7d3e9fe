"""A Ray-launcher style script: the worker's train(config) logs metrics averaged over replicas."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def default_config():
    return {
        "data_axis": os.environ.get("TRAIN_DATA_AXIS", "replica"),
        "model_axis": os.environ.get("TRAIN_MODEL_AXIS", "tensor"),
        "mesh_shape": (2, 4),
        "lr": 0.1,
    }


def inputs():
    x = np.linspace(-1, 1, 16 * 8, dtype=np.float32).reshape(16, 8)
    w = np.full((8, 4), 0.1, np.float32)
    return x, w


def train(config, x, w):
    dp, tp = config["data_axis"], config["model_axis"]
    mesh = jax.make_mesh(config["mesh_shape"], (dp, tp))
    x = jax.device_put(x, NamedSharding(mesh, P(dp, tp)))
    w = jax.device_put(w, NamedSharding(mesh, P(tp, None)))

    def step(x, w):
        h = jax.lax.psum(x @ w, tp)
        loss = jnp.mean(h ** 2)
        emb = jax.lax.all_gather(h, dp, axis=0, tiled=True, to="reduced")
        metrics = {
            "loss": jax.lax.pmean(loss, dp),
            "emb_norm": jax.lax.pmean(jnp.sum(emb), dp),
        }
        return metrics

    fn = jax.shard_map(step, mesh=mesh, in_specs=(P(dp, tp), P(tp, None)),
                       out_specs={"loss": P(), "emb_norm": P()})
    return fn(x, w)


def main(x, w):
    return train(default_config(), x, w)


if __name__ == "__main__":
    print(main(*inputs()))
