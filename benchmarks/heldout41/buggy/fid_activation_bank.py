"""Precision/recall metrics keep a bank of activations; rows are assembled, then the bank."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

METRIC_AXES = {"samples": "data", "features": "feat"}


class ActivationBank:
    def __init__(self, axes=METRIC_AXES):
        self.sample_axis = axes["samples"]
        self.feature_axis = axes["features"]

    def full_rows(self, acts):
        return jax.lax.all_gather(acts, self.feature_axis, axis=1, tiled=True, to="reduced")

    def collect(self, acts):
        rows = self.full_rows(acts)
        bank_axes = (self.sample_axis, self.feature_axis)
        return jax.lax.all_gather(rows, bank_axes, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(29)
    return (rng.standard_normal((16, 8)).astype(np.float32),)


def main(acts):
    mesh = jax.make_mesh((2, 4), ("data", "feat"))
    acts = jax.device_put(acts, NamedSharding(mesh, P("data", "feat")))
    bank = ActivationBank()
    return jax.shard_map(bank.collect, mesh=mesh, in_specs=P("data", "feat"),
                         out_specs=P(None, None, reduced={"data", "feat"}))(acts)


if __name__ == "__main__":
    main(*inputs())
