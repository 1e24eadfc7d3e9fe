"""MoCo enqueue: this step's keys are collected over replicas, then written into a queue that is
spread over the whole mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = {
    "mesh": {"shape": (4, 2), "axes": ["replica", "shard"]},
    "queue_axes": ["shard", "replica"],
    "queue_size": 64,
}


def collect_batch_keys(keys, cfg):
    return jax.lax.all_gather(keys, cfg["mesh"]["axes"][0], axis=0, tiled=True, to="reduced")


def enqueue(keys, cfg=CONFIG):
    batch_keys = collect_batch_keys(keys, cfg)
    queue_axes = tuple(cfg["queue_axes"])
    return jax.lax.all_gather(batch_keys, queue_axes, axis=1, tiled=True, to="reduced")


def inputs():
    return (np.random.default_rng(11).normal(size=(16, 8)).astype(np.float32),)


def main(keys):
    mesh = jax.make_mesh(CONFIG["mesh"]["shape"], tuple(CONFIG["mesh"]["axes"]))
    spec = P(*CONFIG["mesh"]["axes"])
    keys = jax.device_put(keys, NamedSharding(mesh, spec))
    return jax.shard_map(enqueue, mesh=mesh, in_specs=spec,
                         out_specs=P(None, None, reduced={"replica", "shard"}))(keys)


if __name__ == "__main__":
    main(*inputs())
