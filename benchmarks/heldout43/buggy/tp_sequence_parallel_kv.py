"""Sequence-parallel prefill: keys are gathered along the sequence, then re-split by head."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("dp", "tp")
DP, TP = AXES


class SequenceParallelAttention:
    def __init__(self, num_heads, head_dim):
        self.num_heads = num_heads
        self.head_dim = head_dim

    def gather_sequence(self, k):
        return jax.lax.all_gather(k, TP, axis=1, tiled=True, to="reduced")

    def to_head_parallel(self, k_full):
        return jax.lax.all_to_all(k_full, TP, split_axis=2, concat_axis=1, tiled=True)

    def __call__(self, k):
        k_full = self.gather_sequence(k)
        return self.to_head_parallel(k_full)


def inputs():
    rng = np.random.default_rng(12)
    return (rng.normal(size=(4, 16, 8, 4)).astype(np.float32),)


def main(k):
    mesh = jax.make_mesh((2, 4), AXES)
    spec = P(DP, TP, None, None)
    k = jax.device_put(k, NamedSharding(mesh, spec))
    attn = SequenceParallelAttention(num_heads=8, head_dim=4)
    prefill = jax.shard_map(attn, mesh=mesh, in_specs=spec, out_specs=P(DP, None, TP, None))
    return prefill(k)


if __name__ == "__main__":
    main(*inputs())
