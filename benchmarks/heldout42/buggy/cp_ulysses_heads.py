"""DeepSpeed-Ulysses-style head redistribution and a debug gather of all heads."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("dp", "cp"))
DP, CP = MESH.axis_names


class UlyssesAttention:
    def __init__(self, num_heads, seq_axis=CP, batch_axis=DP):
        self.num_heads = num_heads
        self.seq_axis = seq_axis
        self.batch_axis = batch_axis

    def heads_to_seq(self, q):
        return jax.lax.all_gather(q, self.seq_axis, axis=1, tiled=True, to="reduced")

    def debug_all_heads(self, q):
        full_seq = self.heads_to_seq(q)
        return jax.lax.all_gather(full_seq, (self.batch_axis, self.seq_axis), axis=0,
                                  tiled=True, to="reduced")


def inputs():
    q = jnp.arange(4 * 16 * 8, dtype=jnp.float32).reshape(4, 16, 8) / 512.0
    return (jax.device_put(q, NamedSharding(MESH, P(DP, CP, None))),)


def main(q):
    attn = UlyssesAttention(num_heads=8)
    fn = jax.shard_map(attn.debug_all_heads, mesh=MESH, in_specs=P(DP, CP, None),
                       out_specs=P(None, None, None, reduced={DP, CP}))
    return fn(q)


if __name__ == "__main__":
    main(*inputs())
