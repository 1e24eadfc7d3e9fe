"""YOLO-like filtering: the best gathered score per image compared with a threshold."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def keep_images(cls_logits, thresh=0.3):
    scores = jax.lax.all_gather(jax.nn.sigmoid(cls_logits), "anchor", axis=1, tiled=True, to="reduced")
    best = jnp.max(scores, axis=1)
    return (best > thresh).astype(jnp.int32)


def inputs():
    return (np.random.RandomState(5).randn(4, 32).astype(np.float32),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("batch", "anchor"))
    x = jax.device_put(x, NamedSharding(mesh, P("batch", "anchor")))
    return jax.shard_map(keep_images, mesh=mesh, in_specs=P("batch", "anchor"), out_specs=P("batch"))(x)


if __name__ == "__main__":
    print(main(*inputs()))
