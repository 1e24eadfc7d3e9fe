"""Time-sharded V-trace unrolls: each learner takes the head value of the next segment as bootstrap."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = {"time": "learner", "batch": "core"}


class SegmentBootstrapper:
    def __init__(self, mesh, axis=AXES["time"]):
        self.axis = axis
        n = mesh.shape[axis]
        self.perm = [((i + 1) % n, i) for i in range(n)]
        spec = P(axis, AXES["batch"])
        self.mapper = jax.shard_map(self.segment_bootstrap, mesh=mesh, in_specs=spec, out_specs=spec)

    def segment_bootstrap(self, values):
        heads = jax.lax.all_gather(values[:1], self.axis, tiled=True, to="reduced")
        return jax.lax.ppermute(heads, self.axis, self.perm)


def inputs():
    return (np.linspace(0.0, 1.0, 16 * 8, dtype=np.float32).reshape(16, 8),)


def main(values):
    mesh = jax.make_mesh((4, 2), (AXES["time"], AXES["batch"]))
    values = jax.device_put(values, NamedSharding(mesh, P(AXES["time"], AXES["batch"])))
    boot = SegmentBootstrapper(mesh)
    step = jax.jit(boot.mapper)
    return step(values)


if __name__ == "__main__":
    main(*inputs())
