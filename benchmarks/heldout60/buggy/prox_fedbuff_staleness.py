"""FedBuff: buffered asynchronous updates, down-weighted by staleness, scattered back to workers."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def staleness_weight(s, exponent=0.5):
    return 1.0 / (1.0 + s) ** exponent


class UpdateBuffer:
    def __init__(self, worker_axis="worker", size=4):
        self.worker_axis = worker_axis
        self.size = size

    def flush(self, updates, staleness):
        weighted = updates * staleness_weight(staleness)[:, None]
        buf = jax.lax.all_gather(weighted, self.worker_axis, axis=0, tiled=True, to="reduced")
        return self.scatter(buf)

    def scatter(self, buf):
        return jax.lax.psum_scatter(buf, self.worker_axis, scatter_dimension=0, tiled=True)


def inputs():
    rng = np.random.default_rng(23)
    return rng.normal(size=(8, 8)).astype(np.float32), np.array([0, 1, 3, 0, 2, 5, 1, 0], dtype=np.float32)


def main(updates, staleness):
    buffer = UpdateBuffer()
    mesh = jax.make_mesh((4, 2), ("worker", "tp"))
    updates = jax.device_put(updates, NamedSharding(mesh, P("worker", "tp")))
    staleness = jax.device_put(staleness, NamedSharding(mesh, P("worker")))
    fn = jax.shard_map(buffer.flush, mesh=mesh, in_specs=(P("worker", "tp"), P("worker")), out_specs=P("worker", "tp"))
    return fn(updates, staleness)


if __name__ == "__main__":
    main(*inputs())
