"""Layer-wise distillation: teacher features are redistributed from hidden shards to data shards."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = {"data": "data", "model": "hidden"}


def teacher_features(x, model_axis):
    return jax.lax.all_gather(x, model_axis, axis=1, tiled=True, to="reduced")


def redistribute(x, model_axis=AXES["model"]):
    feats = teacher_features(x, model_axis)
    return jax.lax.all_to_all(feats, model_axis, split_axis=1, concat_axis=0, tiled=True)


def inputs():
    return (np.arange(8 * 16, dtype=np.float32).reshape(8, 16),)


def main(x):
    mesh = jax.make_mesh((2, 4), tuple(AXES.values()))
    x = jax.device_put(x, NamedSharding(mesh, P(AXES["data"], AXES["model"])))
    step = jax.jit(jax.shard_map(functools.partial(redistribute), mesh=mesh,
                                 in_specs=P(AXES["data"], AXES["model"]),
                                 out_specs=P((AXES["data"], AXES["model"]), None)))
    return step(x)


if __name__ == "__main__":
    main(*inputs())
