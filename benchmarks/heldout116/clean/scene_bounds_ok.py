"""Scene graph: a bounds node computes the AABB and spreads it over the channel shards."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PARTICLES, CHANNELS = "particles", "channels"


class Node:
    def __init__(self, name, *children):
        self.name, self.children = name, list(children)

    def update(self, ctx, value):
        return value

    def walk(self, ctx, value=None):
        value = self.update(ctx, value)
        for c in self.children:
            c.walk(ctx, value)


class Emitter(Node):
    def __init__(self, name, particles, *children):
        super().__init__(name, *children)
        self.particles = particles

    def update(self, ctx, value):
        return self.particles


class Bounds(Node):
    def update(self, ctx, particles):
        def body(p):
            hi = jax.lax.pmax(jnp.max(p, axis=0, keepdims=True), PARTICLES)
            # hi still differs per channel shard: gather those
            return jax.lax.all_gather(hi, CHANNELS, axis=1, tiled=True, to="reduced")
        ctx[self.name] = jax.shard_map(body, mesh=ctx["mesh"], in_specs=P(PARTICLES, CHANNELS),
                                       out_specs=P(None, None, reduced={CHANNELS}))(particles)
        return particles


def inputs():
    return (np.random.default_rng(31).normal(size=(32, 4)).astype(np.float32),)


def main(particles):
    mesh = jax.make_mesh((4, 2), (PARTICLES, CHANNELS))
    particles = jax.device_put(particles, NamedSharding(mesh, P(PARTICLES, CHANNELS)))
    ctx = {"mesh": mesh}
    Node("root", Emitter("sparks", particles, Bounds("aabb"))).walk(ctx)
    print(np.asarray(ctx["aabb"]))


if __name__ == "__main__":
    main(*inputs())
