"""Smoothed alert rate per region: each region sees all its score buckets (read-only) and the
policy averages the alert rate over them."""
import json

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

POLICY_JSON = """
{"kind": "smoothed", "mesh_shape": [2, 4], "mesh_axes": ["region", "bucket"], "alpha": 0.3}
"""


POLICIES = {}


def policy(name):
    def register(cls):
        POLICIES[name] = cls
        return cls
    return register


def load_policy_config(text, overrides=()):
    cfg = json.loads(text)
    for item in overrides:
        key, _, value = item.partition("=")
        cfg[key] = json.loads(value)
    return cfg


# --- sharding utils -------------------------------------------------------------------------

def make_mesh(cfg):
    return jax.make_mesh(tuple(cfg["mesh_shape"]), tuple(cfg["mesh_axes"]))


def place(mesh, array, spec):
    return jax.device_put(array, NamedSharding(mesh, spec))


def row_view(x, axis):
    return jax.lax.all_gather(x, axis, axis=1, tiled=True, to="reduced")


@policy("smoothed")
class SmoothedRate:
    def __init__(self, alpha, region_axis, bucket_axis):
        self.alpha = alpha
        self.region_axis = region_axis
        self.bucket_axis = bucket_axis

    def __call__(self, alerts):
        rates = row_view(alerts, self.bucket_axis)
        return jnp.mean(rates, axis=1)


def inputs():
    rng = np.random.default_rng(26)
    return ((rng.random((8, 64)) < 0.01).astype(np.float32),)


def main(alerts):
    cfg = load_policy_config(POLICY_JSON)
    mesh = make_mesh(cfg)
    region, bucket = cfg["mesh_axes"]
    alerts = place(mesh, alerts, P(region, bucket))
    pol = POLICIES[cfg["kind"]](cfg["alpha"], region, bucket)
    return jax.shard_map(pol, mesh=mesh, in_specs=P(region, bucket), out_specs=P(region))(alerts)


if __name__ == "__main__":
    main(*inputs())
