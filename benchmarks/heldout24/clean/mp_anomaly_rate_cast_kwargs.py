"""Fraction of windows flagged as anomalous, averaged with reducer keyword arguments."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

REDUCE_KW = {"axis_name": ("sensor", "window")}


def flagged(profile, threshold):
    return (profile > threshold).astype(jnp.float32)


def anomaly_rate(profile, threshold=1.5, **reduce_kw):
    hits = jax.lax.psum(flagged(profile, threshold).sum(axis=-1), "window")
    rate = jax.lax.pcast(hits / (profile.shape[-1] * 4), "window", to="varying")
    return jax.lax.pmean(rate.mean(), **reduce_kw)


def inputs():
    rng = np.random.default_rng(44)
    return (np.abs(rng.standard_normal((4, 32))).astype(np.float32),)


def main(profile):
    mesh = jax.make_mesh((2, 4), ("sensor", "window"))
    profile = jax.device_put(profile, NamedSharding(mesh, P("sensor", "window")))
    fn = jax.shard_map(lambda p: anomaly_rate(p, **REDUCE_KW), mesh=mesh,
                       in_specs=P("sensor", "window"), out_specs=P())
    return fn(profile)


if __name__ == "__main__":
    print(main(*inputs()))
