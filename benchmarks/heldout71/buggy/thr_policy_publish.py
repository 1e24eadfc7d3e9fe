"""Publish the per-region threshold table to the decision service.

The table is computed split over (region, bucket) rows; the service reads it split over buckets
only. Layouts come from the policy document.
"""
import json

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

POLICY_JSON = """
{"kind": "budget", "mesh_shape": [2, 4], "mesh_axes": ["region", "bucket"],
 "layouts": {"compute": [["region", "bucket"], null], "serve": ["bucket", null]},
 "serve_reduced": ["region"]}
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


def spec_from(entries, reduced=()):
    dims = [tuple(e) if isinstance(e, list) else e for e in entries]
    return P(*dims, reduced=set(reduced))


def place(mesh, array, spec):
    return jax.device_put(array, NamedSharding(mesh, spec))


def publish(table, cfg):
    serve = spec_from(cfg["layouts"]["serve"], cfg["serve_reduced"])
    return top_level_all_gather(table, serve)


def inputs():
    rng = np.random.default_rng(24)
    return (rng.random((64, 4)).astype(np.float32),)


def main(table):
    cfg = load_policy_config(POLICY_JSON)
    mesh = make_mesh(cfg)
    table = place(mesh, table, spec_from(cfg["layouts"]["compute"]))
    with jax.set_mesh(mesh):
        return publish(table, cfg)


if __name__ == "__main__":
    main(*inputs())
