"""Evaluation: per-shard logits come out of a shard_map split over 'batch', and are gathered
into one replicated array before the host computes the metrics."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

BATCH = "batch"
OUT_SPECS = {"logits": P(BATCH), "gathered": P()}


def forward(x, w):
    return jax.nn.log_softmax(x @ w, axis=-1)


def inputs():
    x = np.arange(16 * 4, dtype=np.float32).reshape(16, 4) / 64.0
    w = np.ones((4, 3), np.float32)
    return x, w


def main(x, w):
    mesh = jax.make_mesh((8,), (BATCH,))
    with jax.set_mesh(mesh):
        x = jax.device_put(x, NamedSharding(mesh, P(BATCH)))
        w = jax.device_put(w, NamedSharding(mesh, P()))
        logits = jax.shard_map(forward, mesh=mesh, in_specs=(P(BATCH), P()),
                               out_specs=OUT_SPECS["logits"])(x, w)
        full = top_level_all_gather(logits, OUT_SPECS["gathered"])
    return full


if __name__ == "__main__":
    print(main(*inputs()))
