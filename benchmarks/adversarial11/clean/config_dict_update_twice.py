"""update_from_flattened_dict runs twice; the second dotted update wins."""
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

    def __setattr__(self, name, value):
        self[name] = value

    def to_dict(self):
        return {k: v.to_dict() if isinstance(v, ConfigDict) else v for k, v in self.items()}

    def update_from_flattened_dict(self, flat):
        for path, value in flat.items():
            node = self
            *parents, leaf = path.split(".")
            for key in parents:
                node = node[key]
            node[leaf] = value


CONFIG = ConfigDict({"model": {"sync_axes": ("i", "j")}})
CONFIG_DIFFS = {"rows": [{"model.sync_axes": ("i", "j")}, {"model.sync_axes": ("i",)}]}


def model_config(name):
    cfg = ConfigDict(CONFIG.to_dict())
    for diff in CONFIG_DIFFS[name]:
        cfg.update_from_flattened_dict(diff)
    return cfg


def main(mesh, x):
    cfg = model_config("rows")

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, cfg.model.sync_axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
