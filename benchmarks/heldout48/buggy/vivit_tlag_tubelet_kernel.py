"""ViViT tubelet embedding: the kernel is sharded over all devices for training and exported with
rows split by frame shard for the serving stack."""
import enum

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Axis(str, enum.Enum):
    CLIP = "clip"
    TIME = "time"


class Stage(str, enum.Enum):
    TRAIN = "train"
    SERVE = "serve"


LAYOUT = {
    Stage.TRAIN: P((Axis.CLIP.value, Axis.TIME.value), None),
    Stage.SERVE: P(Axis.TIME.value, None, reduced={Axis.CLIP.value}),
}


def init_tubelet_kernel(mesh, t=2, p=4, c=2, d=8):
    kernel = np.random.default_rng(33).normal(size=(t * p * c, d)).astype(np.float32)
    return jax.device_put(kernel, NamedSharding(mesh, LAYOUT[Stage.TRAIN]))


def inputs():
    return ()


def main():
    mesh = jax.make_mesh((2, 4), tuple(a.value for a in Axis))
    kernel = init_tubelet_kernel(mesh)
    with jax.set_mesh(mesh):
        served = top_level_all_gather(kernel, LAYOUT[Stage.SERVE])
    return served


if __name__ == "__main__":
    main(*inputs())
