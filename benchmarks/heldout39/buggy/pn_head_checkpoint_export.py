from typing import NamedTuple

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class HeadLayout(NamedTuple):
    train: P
    export: P


LAYOUT = HeadLayout(train=P(("batch", "feat"), None), export=P("feat", None, reduced={"batch"}))


def save_head(head, layout=LAYOUT):
    exported = top_level_all_gather(head, layout.export)
    return {"classifier/kernel": exported}


def inputs():
    rng = np.random.default_rng(3)
    return (rng.normal(size=(16, 10)).astype(np.float32),)


def main(head):
    mesh = jax.make_mesh((2, 4), ("batch", "feat"))
    with jax.set_mesh(mesh):
        head = jax.device_put(head, NamedSharding(mesh, LAYOUT.train))
        ckpt = save_head(head)
    print({k: v.shape for k, v in ckpt.items()})
    return ckpt


if __name__ == "__main__":
    main(*inputs())
