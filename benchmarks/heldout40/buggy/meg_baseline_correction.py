"""Baseline correction of epochs over the pre-stimulus window, then z-scoring."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PIPELINE = []


def step(fn):
    PIPELINE.append(fn)
    return fn


@step
def gather_window(epochs, axis="time"):
    return jax.lax.all_gather(epochs, axis, axis=1, tiled=True, to="reduced")


@step
def rescale(window, axis="time"):
    baseline = window.mean(axis=1, keepdims=True)
    return window - baseline


def run_pipeline(epochs):
    for fn in PIPELINE:
        epochs = fn(epochs)
    return epochs


def inputs():
    return (np.random.default_rng(35).normal(size=(16, 64)).astype(np.float32),)


def main(epochs):
    mesh = jax.make_mesh((2, 4), ("chan", "time"))
    epochs = jax.device_put(epochs, NamedSharding(mesh, P("chan", "time")))
    return jax.shard_map(run_pipeline, mesh=mesh, in_specs=P("chan", "time"),
                         out_specs=P("chan", None, reduced={"time"}))(epochs)


if __name__ == "__main__":
    main(*inputs())
