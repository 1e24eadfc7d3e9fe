"""Video encoder with temporal sharding: frames over `time`, channels over `chan`."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class TemporalPool:
    def __init__(self, time_axis, chan_axis):
        self.time_axis = time_axis
        self.chan_axis = chan_axis

    def clip_summary(self, frames):
        pooled = jnp.mean(frames, axis=(0, 1, 2))
        return jax.lax.pmax(pooled, self.time_axis)

    def broadcast_summary(self, summary):
        return jax.lax.all_gather(summary, self.time_axis, to="reduced")

    def __call__(self, frames):
        return self.broadcast_summary(self.clip_summary(frames))


def main(mesh, video):
    pool = TemporalPool("time", "chan")
    f = jax.shard_map(pool, mesh=mesh, in_specs=P("time", None, None, "chan"),
                      out_specs=P(None, "chan", reduced={"time"}))
    return f(video)


def inputs():
    mesh = jax.make_mesh((4, 2), ("time", "chan"))
    video = jax.random.uniform(jax.random.key(4), (8, 4, 4, 8))
    return mesh, jax.device_put(video, NamedSharding(mesh, P("time", None, None, "chan")))
