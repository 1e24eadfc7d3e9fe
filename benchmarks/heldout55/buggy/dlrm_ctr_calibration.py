"""Calibration of the predicted CTR against observed clicks, reduced over the whole mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class CalibrationMetric:
    reduce_over = ("dp", "mp")

    def __init__(self, feature_axis="mp"):
        self.feature_axis = feature_axis

    def predicted_ctr(self, logits_part):
        logits = jax.lax.psum(logits_part.sum(axis=-1), self.feature_axis)
        return jax.nn.sigmoid(logits)

    def ratio(self, logits_part, clicks):
        pred = self.predicted_ctr(logits_part).sum()
        observed = clicks.sum()
        totals = jax.lax.psum(jnp.stack([pred, observed]), self.reduce_over)
        return totals[0] / totals[1]


def inputs():
    rng = np.random.default_rng(24)
    return (rng.normal(size=(16, 8)).astype(np.float32) * 0.1,
            (rng.random((16, 4)) < 0.3).astype(np.float32))


def main(logits_part, clicks):
    mesh = jax.make_mesh((2, 4), ("dp", "mp"))
    logits_part = jax.device_put(logits_part, NamedSharding(mesh, P("dp", "mp")))
    clicks = jax.device_put(clicks, NamedSharding(mesh, P("dp", None)))
    metric = CalibrationMetric()
    f = jax.shard_map(metric.ratio, mesh=mesh, in_specs=(P("dp", "mp"), P("dp", None)), out_specs=P())
    return f(logits_part, clicks)


if __name__ == "__main__":
    main(*inputs())
