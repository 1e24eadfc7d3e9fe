"""Deadline filter: requests whose queueing delay exceeds the batcher timeout are dropped."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class DeadlineFilter:
    slot_axis = "slot"

    def __init__(self, timeout_ms=5.0):
        self.timeout_ms = timeout_ms

    def arrivals(self, delay_ms):
        return jax.lax.all_gather(delay_ms, self.slot_axis, axis=1, tiled=True, to="reduced")

    def late_fraction(self, delay_ms):
        waited = self.arrivals(delay_ms)
        late = waited > self.timeout_ms
        return jnp.mean(late.astype(jnp.float32), axis=1)


def inputs():
    rng = np.random.default_rng(13)
    return (rng.exponential(3.0, size=(8, 16)).astype(np.float32),)


def main(delay_ms):
    mesh = jax.make_mesh((4, 2), ("replica", "slot"))
    delay_ms = jax.device_put(delay_ms, NamedSharding(mesh, P("replica", "slot")))
    filt = DeadlineFilter()
    fn = jax.shard_map(filt.late_fraction, mesh=mesh, in_specs=P("replica", "slot"),
                       out_specs=P("replica"))
    return fn(delay_ms)


if __name__ == "__main__":
    print(main(*inputs()))
