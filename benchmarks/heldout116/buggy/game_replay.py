"""Game replay recorder: fixed-update frames are gathered per unit, then merged at match end."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = {"units": "units", "channels": "channels"}
MATCH_AXES = (AXES["units"], AXES["channels"])


class ReplayRecorder:
    def __init__(self, mesh):
        self.mesh = mesh
        self.frames = []

    def on_fixed_update(self, frame):
        def body(f):
            return jax.lax.all_gather(f, AXES["channels"], axis=1, tiled=True, to="reduced")
        rec = jax.shard_map(body, mesh=self.mesh, in_specs=P(*MATCH_AXES),
                            out_specs=P(AXES["units"], None, reduced={AXES["channels"]}))(frame)
        self.frames.append(rec)

    def on_match_end(self):
        def merge(f):
            return jax.lax.all_gather(f, MATCH_AXES, axis=0, tiled=True, to="reduced")
        merged = jax.shard_map(merge, mesh=self.mesh,
                               in_specs=P(AXES["units"], None, reduced={AXES["channels"]}),
                               out_specs=P(None, None, reduced=set(MATCH_AXES)))
        return [merged(f) for f in self.frames]


def inputs():
    return (np.random.default_rng(52).normal(size=(16, 8)).astype(np.float32),)


def main(frame):
    mesh = jax.make_mesh((4, 2), MATCH_AXES)
    frame = jax.device_put(frame, NamedSharding(mesh, P(*MATCH_AXES)))
    rec = ReplayRecorder(mesh)
    accumulator, step = 0.0, 1.0 / 50.0
    for _ in range(3):
        accumulator += 1.0 / 30.0
        while accumulator >= step:
            frame = frame + 0.1
            rec.on_fixed_update(frame)
            accumulator -= step
    print(len(rec.on_match_end()))


if __name__ == "__main__":
    main(*inputs())
