"""DAgger: expert relabels of the learner's visited states, aggregated into the dataset."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class DAggerBuffer:
    def __init__(self, mesh):
        self.mesh = mesh
        self.axes = tuple(mesh.axis_names)

    def expert_labels(self, states):
        return jnp.tanh(states)

    def aggregate(self, states):
        labels = self.expert_labels(states)
        per_demo = jax.lax.all_gather(labels, self.axes[0], axis=0, tiled=True, to="reduced")
        return jax.lax.all_gather(per_demo, self.axes, axis=1, tiled=True, to="reduced")


def inputs():
    return (np.linspace(-2.0, 2.0, 128 * 8, dtype=np.float32).reshape(128, 8),)


def main(states):
    mesh = jax.make_mesh((2, 4), ("demo", "joint"))
    buf = DAggerBuffer(mesh)
    spec = P(*buf.axes)
    states = jax.device_put(states, NamedSharding(mesh, spec))
    return jax.shard_map(buf.aggregate, mesh=mesh, in_specs=spec,
                         out_specs=P(None, None, reduced=set(buf.axes)))(states)


if __name__ == "__main__":
    main(*inputs())
