"""Scene graph with particle emitters; a bounds node is updated in the recursive walk."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PARTICLES, CHANNELS = "particles", "channels"


class Node:
    def __init__(self, name, children=()):
        self.name = name
        self.children = list(children)

    def update(self, ctx, inherited):
        return inherited

    def walk(self, ctx, inherited=None):
        value = self.update(ctx, inherited)
        for child in self.children:
            child.walk(ctx, value)


class Emitter(Node):
    def __init__(self, name, particles, children=()):
        super().__init__(name, children)
        self.particles = particles

    def update(self, ctx, inherited):
        self.particles = self.particles + 0.05
        return self.particles


class BoundsNode(Node):
    """World-space AABB of the parent's particles, replicated for the culling pass."""

    def update(self, ctx, particles):
        def body(p):
            hi = jax.lax.pmax(jnp.max(p, axis=0, keepdims=True), PARTICLES)
            return jax.lax.all_gather(hi, PARTICLES, axis=0, tiled=True, to="reduced")
        box = jax.shard_map(body, mesh=ctx["mesh"], in_specs=P(PARTICLES, CHANNELS),
                            out_specs=P(None, CHANNELS, reduced={PARTICLES}))(particles)
        ctx["bounds"][self.name] = box
        return particles


def inputs():
    return (np.random.default_rng(31).normal(size=(32, 4)).astype(np.float32),)


def main(particles):
    mesh = jax.make_mesh((4, 2), (PARTICLES, CHANNELS))
    particles = jax.device_put(particles, NamedSharding(mesh, P(PARTICLES, CHANNELS)))
    root = Node("root", [Emitter("sparks", particles, [BoundsNode("sparks_aabb")])])
    ctx = {"mesh": mesh, "bounds": {}}
    for _frame in range(2):
        root.walk(ctx)
    print(sorted(ctx["bounds"]))


if __name__ == "__main__":
    main(*inputs())
