"""An env-override context manager (as in tests) points GATHER_AXIS at the batch axis while tracing."""
import contextlib
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@contextlib.contextmanager
def env(**values):
    old = {k: os.environ.get(k) for k in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(w):
    mesh = jax.make_mesh((2, 4), (os.environ.get("BATCH_AXIS", "data"), os.environ.get("GATHER_AXIS", "model")))
    spec = P(os.environ.get("BATCH_AXIS", "data"))
    w = jax.device_put(w, NamedSharding(mesh, spec))

    def step(w):
        full = jax.lax.all_gather(w, os.environ.get("GATHER_AXIS", "model"), to="reduced", tiled=True)
        return full * full

    with env(GATHER_AXIS="data"):
        out = jax.shard_map(step, mesh=mesh, in_specs=spec, out_specs=P(None, reduced={"data"}))(w)
    return float(np.asarray(out).sum())


if __name__ == "__main__":
    print(main(*inputs()))
