"""Decode instance pulls prefilled KV blocks into its own (head-major) layout."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

PREFILL_AXES = ("instance", "tp")


class DecodeWorker:
    def __init__(self, mesh):
        self.mesh = mesh
        self.prefill_spec = P(*PREFILL_AXES, None)
        self.decode_spec = P(*reversed(PREFILL_AXES), None)

    def receive(self, blocks):
        return jax.device_put(blocks, NamedSharding(self.mesh, self.prefill_spec))

    def pull(self, blocks):
        return top_level_all_gather(blocks, self.decode_spec)


def inputs():
    rng = np.random.default_rng(63)
    return (rng.normal(size=(4, 8, 16)).astype(np.float32),)


def main(kv_blocks):
    mesh = jax.make_mesh((2, 4), PREFILL_AXES)
    worker = DecodeWorker(mesh)
    with jax.set_mesh(mesh):
        blocks = worker.receive(kv_blocks)
        pulled = worker.pull(blocks)
    return pulled


if __name__ == "__main__":
    main(*inputs())
