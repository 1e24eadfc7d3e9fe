"""Round-trip verification after resharding: each tp rank compares with its neighbour."""
import contextlib
import time

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("fsdp", "tp"))
TIMINGS = {}


@contextlib.contextmanager
def timed(name):
    start = time.perf_counter()
    try:
        yield
    finally:
        TIMINGS[name] = time.perf_counter() - start


class RoundTripVerifier:
    model_axis = "tp"
    tp_size = 2

    def neighbours(self):
        return [(i, (i + 1) % self.tp_size) for i in range(self.tp_size)]

    def gathered_rows(self, shard):
        return jax.lax.all_gather(shard, self.model_axis, axis=1, tiled=True, to="reduced")

    def body(self, shard):
        full = self.gathered_rows(shard)
        peer = jax.lax.ppermute(full, self.model_axis, perm=self.neighbours())
        return full - peer

    def verify(self, tensor):
        with timed("roundtrip"):
            return jax.shard_map(
                self.body, mesh=MESH, in_specs=P("fsdp", "tp"), out_specs=P("fsdp", "tp"),
            )(tensor)


def inputs():
    w = jnp.ones((16, 8), jnp.float32)
    return (jax.device_put(w, NamedSharding(MESH, P("fsdp", "tp"))),)


def main(tensor):
    return RoundTripVerifier().verify(tensor)


if __name__ == "__main__":
    main(*inputs())
