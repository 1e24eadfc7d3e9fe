"""Game replay recorder: channel-gathered frames are merged over the units only at match end."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

UNITS, CHANNELS = "units", "channels"


class ReplayRecorder:
    def __init__(self, mesh):
        self.record = jax.shard_map(
            lambda f: jax.lax.all_gather(f, CHANNELS, axis=1, tiled=True, to="reduced"),
            mesh=mesh, in_specs=P(UNITS, CHANNELS), out_specs=P(UNITS, None, reduced={CHANNELS}))
        self.merge = jax.shard_map(
            lambda f: jax.lax.all_gather(f, UNITS, axis=0, tiled=True, to="reduced"),
            mesh=mesh, in_specs=P(UNITS, None, reduced={CHANNELS}),
            out_specs=P(None, None, reduced={UNITS, CHANNELS}))
        self.frames = []

    def on_fixed_update(self, frame):
        self.frames.append(self.record(frame))

    def on_match_end(self):
        return [self.merge(f) for f in self.frames]


def inputs():
    return (np.random.default_rng(52).normal(size=(16, 8)).astype(np.float32),)


def main(frame):
    mesh = jax.make_mesh((4, 2), (UNITS, CHANNELS))
    frame = jax.device_put(frame, NamedSharding(mesh, P(UNITS, CHANNELS)))
    rec = ReplayRecorder(mesh)
    acc, step = 0.0, 1.0 / 50.0
    for _ in range(3):
        acc += 1.0 / 30.0
        while acc >= step:
            frame = frame + 0.1
            rec.on_fixed_update(frame)
            acc -= step
    print(len(rec.on_match_end()))


if __name__ == "__main__":
    main(*inputs())
