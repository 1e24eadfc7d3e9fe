"""Precision-at-k of the alert queue per region: each region sees its whole score row
(read-only) to pick its top-k cut, and the analysts' hit counts are synced over the regions."""
import functools
import json

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

POLICY_JSON = """
{"kind": "topk", "mesh_shape": [2, 4], "mesh_axes": ["region", "bucket"], "k": 16}
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


@policy("topk")
class TopKPolicy:
    def __init__(self, k, bucket_axis, region_axis):
        self.k = k
        self.bucket_axis = bucket_axis
        self._sync = functools.partial(jax.lax.psum, axis_name=region_axis)

    def hits_at_k(self, scores, labels):
        row = jax.lax.all_gather(scores * labels, self.bucket_axis, axis=1, tiled=True, to="reduced")
        hits = row.sum(axis=1)
        return self._sync(hits)


def inputs():
    rng = np.random.default_rng(23)
    scores = rng.random((8, 64)).astype(np.float32)
    labels = (rng.random((8, 64)) < 0.05).astype(np.float32)
    return scores, labels


def main(scores, labels):
    cfg = load_policy_config(POLICY_JSON)
    mesh = make_mesh(cfg)
    region, bucket = cfg["mesh_axes"]
    scores = place(mesh, scores, P(region, bucket))
    labels = place(mesh, labels, P(region, bucket))
    pol = POLICIES[cfg["kind"]](cfg["k"], bucket, region)
    return jax.shard_map(pol.hits_at_k, mesh=mesh, in_specs=(P(region, bucket), P(region, bucket)),
                         out_specs=P(reduced={bucket}))(scores, labels)


if __name__ == "__main__":
    main(*inputs())
