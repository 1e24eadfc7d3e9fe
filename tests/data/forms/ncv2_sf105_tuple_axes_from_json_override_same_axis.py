"""The same loader, but the override is the document's own value (["i"]): the psum over "i"
of counts summed over "j" is legal. The loop's JSON values must be read exactly."""
import json

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

POLICY = '{"kind": "fpr", "bucket_axis": "j", "sync_axes": ["i"]}'
OVERRIDES = ['sync_axes=["i"]']


def load_policy(text, overrides=()):
    cfg = json.loads(text)
    for item in overrides:
        key, _, value = item.partition("=")
        cfg[key] = json.loads(value)
    return cfg


class Policy:
    def __init__(self, cfg):
        self.bucket_axis = cfg["bucket_axis"]
        self.sync_axes = tuple(cfg["sync_axes"])

    def __call__(self, block):
        counts = jax.lax.psum(block, self.bucket_axis)
        return jax.lax.psum(counts, axis_name=self.sync_axes)


def main(mesh, x):
    policy = Policy(load_policy(POLICY, OVERRIDES))
    return jax.shard_map(policy, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None))(x)


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jnp.ones((8, 8)))
