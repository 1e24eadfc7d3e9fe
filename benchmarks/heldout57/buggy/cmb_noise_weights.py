"""Inverse-variance detector weights: white-noise levels reduced with a configurable op."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

REDUCERS = {"sum": jax.lax.psum, "max": jax.lax.pmax, "mean": jax.lax.pmean}
WEIGHTING = {"op": "sum", "axis": "scan", "share_axis": "scan"}


def white_noise_level(tod):
    diff = tod[:, 1:] - tod[:, :-1]
    return (diff * diff).sum(axis=1, keepdims=True)


def shared_noise(tod, cfg=WEIGHTING):
    return jax.lax.all_gather(white_noise_level(tod), cfg["share_axis"], axis=1, tiled=True, to="reduced")


def weights(tod, cfg=WEIGHTING):
    noise = shared_noise(tod, cfg)
    variance = REDUCERS[cfg["op"]](noise.sum(axis=1, keepdims=True), cfg["axis"])
    return 1.0 / variance


def inputs():
    rng = np.random.default_rng(62)
    sigma = np.linspace(1.0, 2.0, 8, dtype=np.float32)[:, None]
    return ((sigma * rng.normal(size=(8, 128))).astype(np.float32),)


def main(tod):
    mesh = jax.make_mesh((2, 4), ("det", "scan"))
    tod = jax.device_put(tod, NamedSharding(mesh, P("det", "scan")))
    f = jax.shard_map(weights, mesh=mesh, in_specs=P("det", "scan"), out_specs=P("det", None))
    return f(tod)


if __name__ == "__main__":
    main(*inputs())
