"""Score-bucket edges for the threshold policies: each region's bucket edges are assembled
(bucket shards first), then the fleet-wide edge table every policy reads."""
import json

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

POLICY_JSON = """
{"kind": "quantile", "mesh_shape": [2, 4], "mesh_axes": ["region", "bucket"], "n_edges": 32}
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


def make_edge_table(mesh):
    region, bucket = mesh.axis_names

    def collect(x, axes, dim):
        return jax.lax.all_gather(x, axes, axis=dim, tiled=True, to="reduced")

    def edge_table(edges):
        per_region = collect(edges, bucket, 1)
        return collect(per_region, mesh.axis_names, 0)

    return edge_table


def inputs():
    rng = np.random.default_rng(22)
    return (np.sort(rng.random((8, 32)), axis=1).astype(np.float32),)


def main(edges):
    cfg = load_policy_config(POLICY_JSON)
    mesh = make_mesh(cfg)
    edges = place(mesh, edges, P(*mesh.axis_names))
    body = make_edge_table(mesh)
    return jax.shard_map(body, mesh=mesh, in_specs=P(*mesh.axis_names),
                         out_specs=P(None, None, reduced=set(mesh.axis_names)))(edges)


if __name__ == "__main__":
    main(*inputs())
