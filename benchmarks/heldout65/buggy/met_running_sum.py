"""SumMetric / CatMetric pair: one state is concatenated, the logged scalar is all-reduced."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class BaseAggregator:
    dist_reduce_fx = None

    def __init__(self, axis_name):
        self.axis_name = axis_name

    def _sync(self, value):
        if self.dist_reduce_fx == "cat":
            return jax.lax.all_gather(value, self.axis_name, axis=0, tiled=True, to="reduced")
        if self.dist_reduce_fx == "sum":
            return jax.lax.psum(value, self.axis_name)
        return value

    def __call__(self, value):
        return self._sync(self.update(value))


class CatMetric(BaseAggregator):
    dist_reduce_fx = "cat"

    def update(self, value):
        return value


class SumMetric(BaseAggregator):
    dist_reduce_fx = "sum"

    def update(self, value):
        return value.sum(axis=0)


def log_metric(metrics, name, value):
    """Logs `value` through the aggregator registered under `name`."""
    return metrics[name](value)


def inputs():
    return (np.arange(16 * 4, dtype=np.float32).reshape(16, 4) / 10.0,)


def main(losses):
    mesh = jax.make_mesh((4, 2), ("replica", "feature"))
    losses = jax.device_put(losses, NamedSharding(mesh, P("replica", "feature")))
    metrics = {"all_losses": CatMetric("replica"), "loss_sum": SumMetric("replica")}

    def body(x):
        everything = log_metric(metrics, "all_losses", x)
        total = log_metric(metrics, "loss_sum", everything)
        return everything, total

    out = (P(None, "feature", reduced={"replica"}), P("feature"))
    return jax.shard_map(body, mesh=mesh, in_specs=P("replica", "feature"), out_specs=out)(losses)


if __name__ == "__main__":
    main(*inputs())
