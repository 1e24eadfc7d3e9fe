import os

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SAMPLE_AXES = ("cloud", "chunk")
EXPORT_AXIS = os.environ.get("FPS_EXPORT_AXIS", "chunk")


def export_samples(samples):
    spec = P(EXPORT_AXIS, None, reduced={a for a in SAMPLE_AXES if a != EXPORT_AXIS})
    return top_level_all_gather(samples, spec)


def inputs():
    rng = np.random.default_rng(33)
    return (rng.normal(size=(16, 3)).astype(np.float32),)


def main(samples):
    mesh = jax.make_mesh((2, 4), SAMPLE_AXES)
    with jax.set_mesh(mesh):
        samples = jax.device_put(samples, NamedSharding(mesh, P(SAMPLE_AXES, None)))
        out = export_samples(samples)
    print(out.shape)
    return out


if __name__ == "__main__":
    main(*inputs())
