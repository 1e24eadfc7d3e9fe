"""A logging.LoggerAdapter with a filter decides which statistic is gathered for the log line."""
import logging

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

logger = logging.getLogger("trainer")
logger.setLevel(logging.INFO)
logger.addFilter(lambda record: record.levelno >= logging.INFO)


class AxisAdapter(logging.LoggerAdapter):
    def process(self, msg, kwargs):
        return f"[{self.extra['axis']}] {msg}", kwargs


log = AxisAdapter(logger, {"axis": "model"})


def body(h):
    axis = log.extra["axis"]
    norm = jax.lax.psum(jnp.sum(h * h, axis=1, keepdims=True), axis)
    if logger.isEnabledFor(logging.INFO):
        norm = jax.lax.all_gather(norm, axis, axis=1, tiled=True, to="reduced")
    return norm


def inputs():
    return (np.random.default_rng(38).normal(size=(16, 8)).astype(np.float32),)


def main(h):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    log.info("tracing probe on mesh %s", dict(mesh.shape))
    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                       out_specs=P("data", None, reduced={"model"}))
    return fn(jax.device_put(h, NamedSharding(mesh, P("data", "model"))))


if __name__ == "__main__":
    main(*inputs())
