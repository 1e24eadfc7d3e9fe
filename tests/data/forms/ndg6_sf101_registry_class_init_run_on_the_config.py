"""The same registry head, but its `__init__` is also run on the config object itself, which sets
an instance attribute `global_config` on the config (normal lookup then finds it before
`__getattr__`): the head is built with gather axis 'j', on which the pooled value varies
(correct code)."""
import jax
from jax.sharding import PartitionSpec as P


class AttrDict(dict):
    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError as exc:
            raise AttributeError(name) from exc


CONFIG = AttrDict({"global_config": AttrDict({"gather_axis": "i"})})
HEADS = {}


def register_head(name):
    def wrap(cls):
        HEADS[name] = cls
        return cls

    return wrap


@register_head("aligned_error")
class AlignedErrorHead:
    def __init__(self, global_config):
        self.global_config = global_config

    def __call__(self, x):
        pooled = jax.lax.pmax(x, "i")
        return jax.lax.all_gather(pooled, self.global_config.gather_axis, axis=1, tiled=True, to="reduced")


def main(mesh, x):
    HEADS["aligned_error"].__init__(CONFIG, AttrDict({"gather_axis": "j"}))
    head = HEADS["aligned_error"](CONFIG.global_config)
    return jax.shard_map(head, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"j"}))(x)
