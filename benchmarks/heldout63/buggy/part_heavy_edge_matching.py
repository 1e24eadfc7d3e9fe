"""Multilevel coarsening: heavy-edge matching rates each edge by its weight over the endpoint degrees."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

VERTEX_AXIS, TRIAL_AXIS = "vtx", "trial"


class HeavyEdgeMatching:
    def __init__(self, axis=VERTEX_AXIS):
        self.axis = axis

    def degrees(self, w):
        return jax.lax.psum(jnp.sum(w, axis=0, keepdims=True), self.axis)

    def ratings(self, w):
        heavy = jax.lax.all_gather(w, self.axis, axis=0, tiled=True, to="reduced")
        deg = self.degrees(w)
        return heavy / jnp.sqrt(deg)

    def match(self, w):
        r = self.ratings(w)
        return jnp.argmax(r, axis=0)


def inputs():
    rng = np.random.default_rng(25)
    return (rng.random((16, 4)).astype(np.float32),)


def main(w):
    mesh = jax.make_mesh((4, 2), (VERTEX_AXIS, TRIAL_AXIS))
    spec = P(VERTEX_AXIS, TRIAL_AXIS)
    w = jax.device_put(w, NamedSharding(mesh, spec))
    hem = HeavyEdgeMatching()
    return jax.shard_map(hem.match, mesh=mesh, in_specs=spec, out_specs=P(TRIAL_AXIS))(w)


if __name__ == "__main__":
    main(*inputs())
