"""An ml_collections-like ConfigDict with FieldReferences shared between sub-configs."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class FieldReference:
    def __init__(self, value):
        self._value = value

    def get(self):
        return self._value

    def set(self, value):
        self._value = value


class ConfigDict(dict):
    def __getattr__(self, key):
        value = self[key]
        return value.get() if isinstance(value, FieldReference) else value

    def __setattr__(self, key, value):
        current = self.get(key)
        if isinstance(current, FieldReference) and not isinstance(value, FieldReference):
            current.set(value)
        else:
            self[key] = value

    def get_ref(self, key):
        value = self[key]
        if not isinstance(value, FieldReference):
            value = self[key] = FieldReference(value)
        return value


def get_config():
    cfg = ConfigDict()
    cfg.batch_axis = "data"
    cfg.pool = ConfigDict(axis=cfg.get_ref("batch_axis"), dim=0)
    cfg.export = ConfigDict(lead=cfg.get_ref("batch_axis"), rest="embed", dim=1)
    return cfg


def pool(x, cfg):
    return jax.lax.all_gather(x, cfg.pool.axis, axis=cfg.pool.dim, to="reduced", tiled=True)


def export(h, cfg):
    axes = (cfg.export.lead, cfg.export.rest)
    return jax.lax.all_gather(h, axes, axis=cfg.export.dim, to="reduced", tiled=True)


def inputs():
    return np.arange(128, dtype=np.float32).reshape(16, 8) / 128.0,


def main(x):
    cfg = get_config()
    cfg.batch_axis = "batch"
    mesh = jax.make_mesh((4, 2), ("batch", "embed"))
    x = jax.device_put(x, NamedSharding(mesh, P("batch", "embed")))

    def body(x):
        return export(jnp.abs(pool(x, cfg)), cfg)

    run = jax.shard_map(body, mesh=mesh, in_specs=P("batch", "embed"),
                        out_specs=P(None, None, reduced={"batch", "embed"}))
    return run(x)


if __name__ == "__main__":
    main(*inputs())
