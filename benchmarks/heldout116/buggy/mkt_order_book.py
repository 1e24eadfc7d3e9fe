"""Order-book simulation: depth snapshots are gathered for a market-data observer."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_AXES = ("venues", "levels")


class Observer:
    topics = ()

    def notify(self, topic, book):
        pass


class DepthRecorder(Observer):
    topics = ("depth",)

    def __init__(self, mesh, axes):
        self.mesh = mesh
        self.axes = axes
        self.frames = []

    def body(self, level_book):
        # level_book: every price level of my venues (already gathered over levels)
        return jax.lax.all_gather(level_book, self.axes, axis=0, tiled=True, to="reduced")

    def notify(self, topic, book):
        snap = jax.shard_map(self.body, mesh=self.mesh,
                             in_specs=P("venues", None, reduced={"levels"}),
                             out_specs=P(None, None, reduced=set(self.axes)))(book)
        self.frames.append(np.asarray(snap))


class Exchange:
    def __init__(self, mesh):
        self.mesh = mesh
        self.observers = []

    def attach(self, obs):
        self.observers.append(obs)

    def ladder(self, depth):
        def body(d):
            return jax.lax.all_gather(d, "levels", axis=1, tiled=True, to="reduced")
        return jax.shard_map(body, mesh=self.mesh, in_specs=P(*MESH_AXES),
                             out_specs=P("venues", None, reduced={"levels"}))(depth)

    def tick(self, depth):
        depth = depth * 0.99 + 1.0
        book = self.ladder(depth)
        for obs in self.observers:
            for topic in obs.topics:
                obs.notify(topic, book)
        return depth


def inputs():
    return (np.arange(8 * 8, dtype=np.float32).reshape(8, 8),)


def main(depth):
    mesh = jax.make_mesh((4, 2), MESH_AXES)
    depth = jax.device_put(depth, NamedSharding(mesh, P(*MESH_AXES)))
    ex = Exchange(mesh)
    rec = DepthRecorder(mesh, axes=MESH_AXES)
    ex.attach(rec)
    for _ in range(3):
        depth = ex.tick(depth)
    print(len(rec.frames))


if __name__ == "__main__":
    main(*inputs())
