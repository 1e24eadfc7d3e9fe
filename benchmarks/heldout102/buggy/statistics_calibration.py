"""Calibration offset computed on the host with statistics.median, applied to gathered logits."""
import statistics

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def calibration_offset(history):
    return statistics.median(history) - statistics.fmean(history)


def make_body(offset):
    def body(logits):
        full = jax.lax.all_gather(logits, "model", axis=1, tiled=True, to="reduced")
        return full - offset
    return body


def inputs():
    return (np.random.default_rng(53).normal(size=(16, 8)).astype(np.float32), [0.3, 0.1, 0.7, 0.2, 0.4])


def main(logits, history):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    fn = jax.shard_map(make_body(calibration_offset(history)), mesh=mesh, in_specs=P("data", "model"),
                       out_specs=P("data", None, reduced={"model"}))
    return fn(jax.device_put(logits, NamedSharding(mesh, P("data", "model"))))


if __name__ == "__main__":
    main(*inputs())
