"""False-positive-rate targeting: the negatives above each candidate threshold are counted per
region (summed over the bucket shards) and the fleet total is synced over the policy's axes."""
import json

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

POLICY_JSON = """
{"kind": "fpr", "mesh_shape": [2, 4], "mesh_axes": ["region", "bucket"],
 "target_fpr": 0.002, "sync_axes": ["region"]}
"""

OVERRIDES = ['sync_axes=["region", "bucket"]']


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


@policy("fpr")
class FprPolicy:
    def __init__(self, cfg):
        self.target = cfg["target_fpr"]
        self.bucket_axis = cfg["mesh_axes"][1]
        self.sync_axes = tuple(cfg["sync_axes"])

    def false_positives(self, negatives, thresholds):
        above = (negatives[:, :, None] > thresholds[None, None, :]).sum(axis=1).astype(jnp.float32)
        return jax.lax.psum(above, self.bucket_axis)

    def __call__(self, negatives, thresholds):
        fp = self.false_positives(negatives, thresholds)
        return jax.lax.psum(fp.sum(axis=0), axis_name=self.sync_axes)


def inputs():
    rng = np.random.default_rng(25)
    return rng.random((8, 64)).astype(np.float32), np.linspace(0.9, 0.999, 8).astype(np.float32)


def main(negatives, thresholds):
    cfg = load_policy_config(POLICY_JSON, OVERRIDES)
    mesh = make_mesh(cfg)
    region, bucket = cfg["mesh_axes"]
    negatives = place(mesh, negatives, P(region, bucket))
    thresholds = place(mesh, thresholds, P())
    pol = POLICIES[cfg["kind"]](cfg)
    return jax.shard_map(pol, mesh=mesh, in_specs=(P(region, bucket), P()), out_specs=P())(negatives, thresholds)


if __name__ == "__main__":
    main(*inputs())
