"""Praxis-like attention layer with Ulysses sequence parallelism (heads <-> sequence swap)."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class AttentionHParams:
    num_heads: int = 4
    seq_axis: str = "seq"
    batch_axis: str = "replica"
    gather_context: bool = True


class SelfAttention:
    def __init__(self, hp: AttentionHParams):
        self.hp = hp

    def _context(self, h):
        if self.hp.gather_context:
            return jax.lax.all_gather(h, self.hp.seq_axis, axis=1, tiled=True, to="reduced")
        return h

    def fprop(self, h):
        ctx = self._context(h)
        heads = jax.lax.all_to_all(ctx, self.hp.seq_axis, split_axis=2, concat_axis=1, tiled=True)
        return heads @ heads.transpose(0, 2, 1)


def inputs():
    return (np.linspace(0, 1, 2 * 16 * 8, dtype=np.float32).reshape(2, 16, 8),)


def main(h):
    hp = AttentionHParams()
    layer = SelfAttention(hp)
    mesh = jax.make_mesh((2, 4), (hp.batch_axis, hp.seq_axis))
    h = jax.device_put(h, NamedSharding(mesh, P(hp.batch_axis, hp.seq_axis, None)))
    f = jax.shard_map(layer.fprop, mesh=mesh, in_specs=P(hp.batch_axis, hp.seq_axis, None),
                      out_specs=P(hp.batch_axis, hp.seq_axis, None))
    return f(h)


if __name__ == "__main__":
    print(main(*inputs()))
