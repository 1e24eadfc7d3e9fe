"""wav2vec 2.0: the CNN feature extractor's kernel is frozen and regathered after pretraining."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class ParamLayout:
    train: P = dataclasses.field(default_factory=lambda: P("data", "codebook"))
    frozen: P = dataclasses.field(default_factory=lambda: P("codebook", None, reduced={"data"}))


LAYOUT = ParamLayout()


def freeze_feature_extractor(params):
    return {name: top_level_all_gather(w, LAYOUT.frozen) for name, w in params.items()}


def inputs():
    return (np.random.default_rng(7).normal(size=(8, 16)).astype(np.float32),)


def main(conv_kernel):
    mesh = jax.make_mesh((2, 4), ("data", "codebook"))
    params = {"conv0": jax.device_put(conv_kernel, NamedSharding(mesh, LAYOUT.train))}
    with jax.set_mesh(mesh):
        return freeze_feature_extractor(params)


if __name__ == "__main__":
    main(*inputs())
