"""Exports metric states (sharded over replicas) to a host-side state_dict."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class MetricState:
    """Per-replica accumulators, laid out along the replica axis of the mesh."""

    fields = ("tp", "fp", "fn")

    def __init__(self, mesh, axis="replica"):
        self.mesh = mesh
        self.axis = axis
        self.layout = NamedSharding(mesh, P(axis, None))
        self.values = {}

    def accumulate(self, name, counts):
        prev = self.values.get(name)
        counts = jax.device_put(counts, self.layout)
        self.values[name] = counts if prev is None else prev + counts

    def state_dict(self, export_spec):
        return {name: top_level_all_gather(v, export_spec) for name, v in self.values.items()}


def inputs():
    rng = np.random.default_rng(6)
    return (rng.integers(0, 10, size=(3, 8, 4)).astype(np.float32),)


def main(batches):
    mesh = jax.make_mesh((4, 2), ("replica", "feature"))
    state = MetricState(mesh)
    for counts in batches:
        for i, field in enumerate(MetricState.fields):
            state.accumulate(field, counts + i)
    with jax.set_mesh(mesh):
        return state.state_dict(P(None, None, reduced={"replica"}))


if __name__ == "__main__":
    main(*inputs())
