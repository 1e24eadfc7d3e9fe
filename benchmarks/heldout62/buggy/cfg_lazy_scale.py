"""A config whose derived fields are lambdas of the config, resolved on attribute access."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class LazyConfig:
    def __init__(self, **fields):
        self.__dict__["_fields"] = fields
        self.__dict__["_root"] = self

    def __getattr__(self, key):
        value = self._fields[key]
        if isinstance(value, LazyConfig):
            value.__dict__["_root"] = self._root
            return value
        return value(self._root) if callable(value) else value

    def __setattr__(self, key, value):
        self._fields[key] = value


def get_config():
    return LazyConfig(
        model=LazyConfig(num_heads=2, head_dim=16, key_axis="embed"),
        attention=LazyConfig(scale=lambda c: c.model.head_dim ** -0.5, gather_dim=1),
    )


def attention_scores(q, k, cfg):
    keys = jax.lax.all_gather(k, cfg.model.key_axis, axis=cfg.attention.gather_dim, to="reduced", tiled=True)
    keys = keys * cfg.attention.scale
    return keys, q


def inputs():
    rng = np.random.default_rng(11)
    return rng.normal(size=(8, 16)).astype(np.float32), rng.normal(size=(8, 16)).astype(np.float32)


def main(q, k):
    cfg = get_config()
    mesh = jax.make_mesh((4, 2), ("batch", "embed"))
    spec = P("batch", "embed")
    q = jax.device_put(q, NamedSharding(mesh, spec))
    k = jax.device_put(k, NamedSharding(mesh, spec))
    run = jax.shard_map(lambda q, k: attention_scores(q, k, cfg), mesh=mesh, in_specs=(spec, spec),
                        out_specs=(P("batch", None), spec))
    return run(q, k)


if __name__ == "__main__":
    main(*inputs())
