"""le52's configs filtered in the builder by a store that reads the config being built
(`cfg.model.heads = {n: cfg.model.heads[n] for n in names}`), and a run that fills a fresh local
dict by computed keys, which changes no config."""
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


CONFIG = ConfigDict({"model": {"global_config": {"model_axis": "j"},
                               "heads": {"gather": {"to": "reduced"}, "other": {"to": "varying"}}}})


def model_config(names):
    cfg = ConfigDict(CONFIG.to_dict())
    cfg.model.heads = {name: cfg.model.heads[name] for name in names}
    return FrozenConfigDict(cfg)


class Head:
    def __init__(self, config, global_config):
        self.config = config
        self.global_config = global_config

    def __call__(self, x):
        h = jax.lax.all_gather(x, self.global_config.model_axis, axis=1, tiled=True, to=self.config.to)
        return h.mean(axis=-1, keepdims=True)  # SF106


class Model:
    def __init__(self, config):
        self.blocks = [Head(head_config, config.global_config) for head_config in config.heads.values()]

    def __call__(self, x):
        outputs = {}
        for index, head in enumerate(self.blocks):
            outputs[index] = head(x)
        return outputs[0]


def main(mesh, x):
    config = model_config(["gather"])
    return jax.shard_map(Model(config.model), mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
