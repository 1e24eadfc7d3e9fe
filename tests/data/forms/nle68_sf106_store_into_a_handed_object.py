"""le54 where the store is not a builder's (the config object is handed in): it may be the
head itself, so the head's `to` is not known (here it becomes varying)."""
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


CONFIG = ConfigDict({"model": {"to": "reduced"}})


def model_config(cfg):
    cfg.to = "varying"
    return cfg


class Head:
    def __init__(self, axis, to):
        self.axis = axis
        self.to = to

    def __call__(self, x):
        h = jax.lax.all_gather(x, self.axis, axis=1, tiled=True, to=self.to)
        return h.mean(axis=-1, keepdims=True)


def main(mesh, x):
    head = Head("j", "reduced")
    config = model_config(head)
    return jax.shard_map(head, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x), config
