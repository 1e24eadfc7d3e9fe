"""AlphaFold-style heads filed by a registering decorator and built only through the registry:
`self.global_config = global_config` in a head sets the head's own field, no config item, so the
attribute config's `global_config` still holds the gather axis 'i' the head averaged over."""
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
        return jax.lax.all_gather(pooled, self.global_config.gather_axis, axis=0, tiled=True, to="reduced")  # SF101


def main(mesh, x):
    head = HEADS["aligned_error"](CONFIG.global_config)
    return jax.shard_map(head, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)
