"""AlphaFold-style configs with a hand-written ml_collections `ConfigDict`: nested dicts become
configs in `__init__` (a `frozen` flag set with `object.__setattr__`), `to_dict` gives plain
dicts, `update_from_flattened_dict` applies a preset's dotted paths, `FrozenConfigDict` copies."""
import jax
from jax.sharding import PartitionSpec as P


class ConfigDict(dict):
    def __init__(self, initial=None, frozen=False):
        super().__init__()
        object.__setattr__(self, "_frozen", frozen)
        for key, value in (initial or {}).items():
            if isinstance(value, dict):
                value = ConfigDict(value, frozen)
            dict.__setitem__(self, key, value)

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError as exc:
            raise AttributeError(name) from exc

    def __setattr__(self, name, value):
        if self._frozen:
            raise AttributeError(f"config is frozen: {name}")
        self[name] = value

    def to_dict(self):
        return {k: v.to_dict() if isinstance(v, ConfigDict) else v for k, v in self.items()}

    def update_from_flattened_dict(self, flat):
        for path, value in flat.items():
            node = self
            *parents, leaf = path.split(".")
            for part in parents:
                node = node[part]
            node[leaf] = value


def FrozenConfigDict(cfg):
    return ConfigDict(cfg.to_dict(), frozen=True)


CONFIG = ConfigDict({"model": {"global_config": {"model_axis": "i"}, "head": {"gather": "invarying"}}})
CONFIG_DIFFS = {"model_1": {"model.global_config.model_axis": "j", "model.head.gather": "reduced"}, "model_2": {}}


def model_config(name):
    cfg = ConfigDict(CONFIG.to_dict())
    cfg.update_from_flattened_dict(CONFIG_DIFFS[name])
    return FrozenConfigDict(cfg)


class Head:
    def __init__(self, config, global_config):
        self.config = config
        self.global_config = global_config

    def __call__(self, x):
        h = jax.lax.all_gather(x, self.global_config.model_axis, axis=1, tiled=True, to=self.config.gather)
        return h.mean(axis=-1, keepdims=True)  # SF106


def main(mesh, x):
    config = model_config("model_1")
    head = Head(config.model.head, config.model.global_config)
    return jax.shard_map(head, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
