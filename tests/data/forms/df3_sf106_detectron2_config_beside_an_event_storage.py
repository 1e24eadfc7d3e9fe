"""le42 with Detectron2's EventStorage beside the config: `put_scalar` changes the dict its
`__init__` made (`self._history.setdefault(name, []).append(...)`), a table of its own that no
config is, so the config's defaults are still read."""
import jax
from jax.sharding import PartitionSpec as P


class CfgNode(dict):
    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError as exc:
            raise AttributeError(name) from exc

    def __setattr__(self, name, value):
        self[name] = value

    def clone(self):
        return CfgNode({k: v.clone() if isinstance(v, CfgNode) else v for k, v in self.items()})

    def merge_from_list(self, opts):
        for full_key, value in zip(opts[0::2], opts[1::2]):
            *parents, leaf = full_key.split(".")
            node = self
            for key in parents:
                node = node[key]
            node[leaf] = value


class EventStorage:
    def __init__(self, start_iter=0):
        self.iter = start_iter
        self._history = {}

    def put_scalar(self, name, value):
        self._history.setdefault(name, []).append((self.iter, value))


CN = CfgNode

_C = CN()
_C.MODEL = CN()
_C.MODEL.AXIS = "j"


def get_cfg():
    return _C.clone()


class Head:
    def __init__(self, cfg):
        self.axis = cfg.MODEL.AXIS
        self.to = cfg.MODEL.GATHER_TO

    def __call__(self, x):
        h = jax.lax.all_gather(x, self.axis, axis=1, tiled=True, to=self.to)
        return h.mean(axis=-1, keepdims=True)  # SF106


_C.MODEL.GATHER_TO = "reduced"


def main(mesh, x):
    cfg = get_cfg()
    storage = EventStorage()
    storage.put_scalar("total_loss", 0.0)
    return jax.shard_map(Head(cfg), mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
