"""Write predicted fields of a 2-D FNO to a checkpoint on the coordinator."""
import contextlib

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

FIELD_AXES = ("batch", "x", "y")


class CheckpointWriter:
    def __init__(self):
        self.saved = {}

    def save(self, name, array):
        self.saved[name] = array


@contextlib.contextmanager
def checkpointing(mesh):
    writer = CheckpointWriter()
    with jax.set_mesh(mesh):
        yield writer


def predict(u0, kernel):
    return jnp.tanh(u0 @ kernel)


def run(mesh, u0, kernel):
    field_spec = NamedSharding(mesh, P(FIELD_AXES, None))
    with checkpointing(mesh) as ckpt:
        u = jax.jit(predict, out_shardings=field_spec)(u0, kernel)
        ckpt.save("u", top_level_all_gather(u, P(FIELD_AXES[:2], None)))
    return ckpt.saved


def inputs():
    rng = np.random.default_rng(19)
    return (rng.normal(size=(16, 8)).astype(np.float32),
            rng.normal(size=(8, 8)).astype(np.float32))


def main(u0, kernel):
    mesh = jax.make_mesh((2, 2, 2), FIELD_AXES)
    u0 = jax.device_put(u0, NamedSharding(mesh, P(FIELD_AXES, None)))
    kernel = jax.device_put(kernel, NamedSharding(mesh, P()))
    return run(mesh, u0, kernel)


if __name__ == "__main__":
    print({k: v.shape for k, v in main(*inputs()).items()})
