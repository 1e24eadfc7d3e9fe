"""load_policy is given a dict the module changes (pop) before main runs."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

RAW = {"sync_axes": ["i", "j"], "bucket_axis": "j"}


def load_policy(raw, overrides=()):
    cfg = dict(raw)
    for item in overrides:
        key, _, value = item.partition("=")
        cfg[key] = value
    return cfg


RAW["sync_axes"].pop()


class Policy:
    def __init__(self, cfg):
        self.bucket_axis = cfg["bucket_axis"]
        self.sync_axes = tuple(cfg["sync_axes"])

    def __call__(self, block):
        counts = jax.lax.psum(block, self.bucket_axis)
        return jax.lax.psum(counts, axis_name=self.sync_axes)


def main(mesh, x):
    return jax.shard_map(Policy(load_policy(RAW, ["bucket_axis=j"])), mesh=mesh, in_specs=P("i", "j"),
                         out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
