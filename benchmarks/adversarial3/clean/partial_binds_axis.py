"""functools.partial binds the gather axis of a generic kernel to the batch axis."""
import functools
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

BATCH = os.environ.get("BATCH_AXIS", "data")
MODEL = os.environ.get("MODEL_AXIS", "model")


def kernel(w, axis=MODEL):
    return jnp.sin(jax.lax.all_gather(w, axis, to="reduced", tiled=True))


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(w):
    mesh = jax.make_mesh((2, 4), (BATCH, MODEL))
    w = jax.device_put(w, NamedSharding(mesh, P(BATCH)))
    body = functools.partial(kernel, axis=BATCH)
    out = jax.shard_map(body, mesh=mesh, in_specs=P(BATCH), out_specs=P(None, reduced={BATCH}))(w)
    return float(np.asarray(out).sum())


if __name__ == "__main__":
    print(main(*inputs()))
