"""LightningModule.log with sync_dist: a result collection reduces, then the logger gathers."""
import collections

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

_SYNC_FX = {"mean": jax.lax.pmean, "sum": jax.lax.psum, "max": jax.lax.pmax, "min": jax.lax.pmin}


class ResultCollection:
    def __init__(self, sync_axis):
        self.sync_axis = sync_axis
        self.values = collections.OrderedDict()

    def log(self, name, value, sync_dist=False, reduce_fx="mean"):
        if sync_dist:
            value = _SYNC_FX[reduce_fx](value, self.sync_axis)
        self.values[name] = value


class HistogramLogger:
    def __init__(self, axis):
        self.axis = axis

    def log_histograms(self, values):
        return {k: jax.lax.all_gather(v, self.axis, axis=0, tiled=True, to="reduced") for k, v in values.items()}


class LoggerConnector:
    def __init__(self, sync_axis="data"):
        self.results = ResultCollection(sync_axis)
        self.logger = HistogramLogger(sync_axis)

    def on_train_batch_end(self, outputs):
        for name, value in outputs.items():
            self.results.log(name, value, sync_dist=True)
        return self.logger.log_histograms(self.results.values)


def inputs():
    return (np.random.default_rng(27).normal(size=(8, 4)).astype(np.float32),)


def main(loss):
    mesh = jax.make_mesh((2, 2, 2), ("data", "fsdp", "tensor"))
    spec = P(("data", "fsdp"), "tensor")
    loss = jax.device_put(loss, NamedSharding(mesh, spec))
    connector = LoggerConnector()

    def body(l):
        return connector.on_train_batch_end({"train/loss": l})

    out = {"train/loss": P("fsdp", "tensor", reduced={"data"})}
    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=out)(loss)


if __name__ == "__main__":
    main(*inputs())
