"""SAE resampling: features that never fired on the batch are found and counted."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class DeadFeatureTracker:
    def __init__(self, data_axis="data"):
        self.data_axis = data_axis

    def fired(self, acts):
        batch = jax.lax.all_gather(acts, self.data_axis, axis=0, tiled=True, to="reduced")
        return jax.lax.pmax(batch.sum(axis=0), self.data_axis)

    def __call__(self, x, w_enc):
        acts = jax.nn.relu(x @ w_enc)
        return self.fired(acts) > 0


def main(x, w_enc):
    mesh = jax.make_mesh((4, 2), ("data", "feat"))
    tracker = DeadFeatureTracker()
    x = jax.device_put(x, NamedSharding(mesh, P("data")))
    w_enc = jax.device_put(w_enc, NamedSharding(mesh, P(None, "feat")))
    fn = jax.shard_map(tracker, mesh=mesh, in_specs=(P("data"), P(None, "feat")),
                       out_specs=P("feat"))
    return fn(x, w_enc)


def inputs():
    rng = np.random.default_rng(62)
    return (rng.standard_normal((16, 8), dtype=np.float32),
            rng.standard_normal((8, 16), dtype=np.float32) - 0.5)
