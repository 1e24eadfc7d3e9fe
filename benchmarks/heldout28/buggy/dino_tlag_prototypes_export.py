"""Export the learned prototypes of a DINO head for k-NN evaluation."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class HeadLayout:
    data_axis: str = "data"
    model_axis: str = "model"
    train: P = dataclasses.field(init=False)
    eval: P = dataclasses.field(init=False)

    def __post_init__(self):
        self.train = P((self.data_axis, self.model_axis), None)
        self.eval = P(self.data_axis, None)


def normalise_rows(w):
    return w / jnp.linalg.norm(w, axis=-1, keepdims=True)


def export_prototypes(mesh, prototypes, layout=HeadLayout()):
    w = jax.device_put(prototypes, NamedSharding(mesh, layout.train))
    with jax.set_mesh(mesh):
        w = normalise_rows(w)
        return top_level_all_gather(w, layout.eval)


def inputs():
    rng = np.random.default_rng(31)
    return (rng.normal(size=(32, 8)).astype(np.float32),)


def main(prototypes):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    return export_prototypes(mesh, prototypes)


if __name__ == "__main__":
    print(main(*inputs()).shape)
