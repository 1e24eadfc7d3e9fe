"""Prometheus-style throughput gauges computed across the engine's mesh."""
import logging

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

logger = logging.getLogger("engine.metrics")
MESH = jax.make_mesh((4, 2), ("replica", "tensor"))

METRICS_CONFIG = {
    "gauges": {
        "generation_tokens_per_s": {"reduce": "mean", "over": ["replica"]},
    },
    "local_axis": "tensor",
}


def gauge(values, spec):
    op = {"mean": jax.lax.pmean, "sum": jax.lax.psum}[spec["reduce"]]
    return op(values, tuple(spec["over"]))


def metrics_body(step_times, generated):
    rate = jnp.sum(generated / step_times, axis=0)
    rate = jax.lax.psum(rate, METRICS_CONFIG["local_axis"])
    return gauge(rate, METRICS_CONFIG["gauges"]["generation_tokens_per_s"])


def inputs():
    times = 0.05 + jnp.arange(32, dtype=jnp.float32).reshape(8, 4) / 1000
    gen = jnp.ones((8, 4), jnp.float32) * 3
    sh = NamedSharding(MESH, P("replica", "tensor"))
    return jax.device_put(times, sh), jax.device_put(gen, sh)


def main(step_times, generated):
    fn = jax.shard_map(metrics_body, mesh=MESH, in_specs=(P("replica", "tensor"), P("replica", "tensor")),
                       out_specs=P())
    out = fn(step_times, generated)
    logger.info("throughput %s", out)
    return out
