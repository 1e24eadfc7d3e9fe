"""Infrared cloud screening before the clear-sky retrieval: coldest window channel per pixel."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CLOUD_TESTS = []


def cloud_test(fn):
    CLOUD_TESTS.append(fn)
    return fn


@cloud_test
def cold_window(bt, axes):
    pixel, channel = axes
    spectrum = jax.lax.all_gather(bt, channel, axis=1, tiled=True, to="reduced")
    coldest = jax.lax.pmin(spectrum, pixel)
    return jnp.min(coldest, axis=1) < 265.0


@cloud_test
def split_window(bt, axes):
    pixel, channel = axes
    return jax.lax.pmax(bt[:, 0] - bt[:, -1], channel) > 2.5


def screen(bt, axes=("pixel", "channel")):
    flags = [test(bt, axes) for test in CLOUD_TESTS]
    return jnp.logical_or(*flags)


def inputs():
    rng = np.random.default_rng(52)
    return (rng.normal(275.0, 8.0, size=(16, 8)).astype(np.float32),)


def main(bt):
    mesh = jax.make_mesh((4, 2), ("pixel", "channel"))
    bt = jax.device_put(bt, NamedSharding(mesh, P("pixel", "channel")))
    fn = jax.shard_map(screen, mesh=mesh, in_specs=P("pixel", "channel"), out_specs=P("pixel"))
    return fn(bt)


if __name__ == "__main__":
    main(*inputs())
