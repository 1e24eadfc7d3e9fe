"""The hand-written FrozenConfigDict turns lists into tuples; the body tests the type."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


class ConfigDict(dict):
    def __init__(self, initial=None):
        super().__init__()
        for key, value in (initial or {}).items():
            self[key] = ConfigDict(value) if isinstance(value, dict) else value

    def __getattr__(self, name):
        return self[name]

    def to_dict(self):
        return {k: v.to_dict() if isinstance(v, ConfigDict) else v for k, v in self.items()}


class FrozenConfigDict(ConfigDict):
    def __init__(self, initial=None):
        super().__init__(initial.to_dict() if isinstance(initial, ConfigDict) else initial)
        for key, value in list(self.items()):
            if isinstance(value, list):
                dict.__setitem__(self, key, list(value))


CONFIG = ConfigDict({"sync_axes": ["i", "j"]})


def main(mesh, x):
    cfg = FrozenConfigDict(CONFIG)
    axes = ("i",) if isinstance(cfg.sync_axes, tuple) else cfg.sync_axes

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
