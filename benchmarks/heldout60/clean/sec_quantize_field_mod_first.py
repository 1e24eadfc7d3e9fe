"""Updates are quantised into a finite field before masking; the sum is reduced modulo the prime."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

FIELD_PRIME = 65521.0
SCALE = 1024.0


class FieldCodec:
    def __init__(self, axis="party"):
        self.axis = axis

    def encode(self, update):
        return jnp.round(update * SCALE) % FIELD_PRIME

    def gather(self, q):
        return jax.lax.all_gather(q, self.axis, axis=0, tiled=True, to="reduced")

    def aggregate(self, update):
        pooled = self.gather(self.encode(update))
        return pooled


def inputs():
    return (np.random.default_rng(16).uniform(-1, 1, size=(8, 8)).astype(np.float32),)


def main(update):
    codec = FieldCodec()
    mesh = jax.make_mesh((4, 2), (codec.axis, "chunk"))
    update = jax.device_put(update, NamedSharding(mesh, P(codec.axis, "chunk")))
    return jax.shard_map(codec.aggregate, mesh=mesh, in_specs=P(codec.axis, "chunk"), out_specs=P(None, "chunk", reduced={codec.axis}))(update)


if __name__ == "__main__":
    main(*inputs())
